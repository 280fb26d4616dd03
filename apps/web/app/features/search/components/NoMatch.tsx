// Nothing matched: say so and offer the next step, a valuation (PAGES.md §3.1 "no match → link to /estimate").
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';

export function NoMatch({ kw, cityId }: { kw: string; cityId: number }) {
  return (
    <EmptyState
      as="section"
      testId="search-no-match"
      art="search"
      title={`没有找到“${kw}”`}
      hint="换个小区、板块或新房的名称或拼音试试，也可以直接估一估房子值多少钱"
      action={
        <Link className="btn btn-primary" to={`/estimate?cityId=${cityId}`}>
          去估价
        </Link>
      }
    />
  );
}
