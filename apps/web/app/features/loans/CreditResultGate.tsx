// The states every page of one stored evaluation shares (result, answers): no ?id → 开始评估; the skeleton while the
// login check and the record load; a failure (another user's record, 403) with 重新加载; then the record.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CreditResultBody } from '@fjt/domain';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useCreditResult } from './use-credit-result.ts';

export function CreditResultGate({
  empty,
  failTitle,
  rows,
  children,
}: {
  empty: { title: string; hint: string; testId?: string };
  failTitle: string;
  /** Skeleton rows while loading. */
  rows: number;
  children: (record: CreditResultBody) => ReactNode;
}) {
  const { viewer, id, state, retry } = useCreditResult();
  if (id === null) {
    return (
      <main className="loan-page">
        <EmptyState
          title={empty.title}
          hint={empty.hint}
          {...(empty.testId ? { testId: empty.testId } : {})}
          action={
            <Link className="btn btn-primary" to="/activity/credit">
              开始评估
            </Link>
          }
        />
      </main>
    );
  }
  if (viewer.status !== 'user' || state.status === 'loading') {
    return (
      <main className="loan-page">
        <RowsSkeleton count={rows} />
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main className="loan-page">
        <LoadFailed title={failTitle} message={state.message} retry={retry} />
      </main>
    );
  }
  return <>{children(state.body)}</>;
}
