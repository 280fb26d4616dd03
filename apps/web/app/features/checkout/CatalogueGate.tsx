// What every checkout page shows before its checkout: the skeleton while the viewer or the card catalogue loads,
// the catalogue's error with 重新加载, then the page's own content.
import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { CheckoutSkeleton } from './CheckoutSkeleton.tsx';

/** What a checkout page loads before it can sell: loading, a failure to retry, or the loaded data. */
export type LoadState<T extends object> =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & T);

export function CatalogueGate<T extends object>({
  signedIn,
  state,
  retry,
  errorTitle,
  children,
}: {
  signedIn: boolean;
  state: LoadState<T>;
  retry: () => void;
  errorTitle: string;
  children: (ready: { status: 'ready' } & T) => ReactNode;
}) {
  if (!signedIn || state.status === 'loading') return <CheckoutSkeleton />;
  if (state.status === 'error') {
    return <LoadFailed title={errorTitle} message={state.message} retry={retry} />;
  }
  return children(state);
}
