// No target in the report pages' query, or one that is gone: say so, and offer a way on.
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function NoTarget({ message }: { message?: string }) {
  return (
    <EmptyState
      art="search"
      title={message ?? '缺少纠错/举报对象'}
      hint="请从房源、小区或帖子页面的“纠错/举报”入口进入"
      testId="inform-no-target"
      action={
        <Link to="/" className="btn btn-primary">
          回到首页
        </Link>
      }
    />
  );
}
