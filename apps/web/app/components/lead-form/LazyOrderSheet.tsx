// The order sheet behind a lazy boundary: fetched, with antd-mobile's Popup, the first time it is opened.
import { Suspense, lazy } from 'react';
import type { OrderSheetProps } from './OrderSheet.tsx';

const OrderSheet = lazy(() => import('./OrderSheet.tsx').then((m) => ({ default: m.OrderSheet })));

export function LazyOrderSheet(props: OrderSheetProps) {
  if (!props.visible) return null;
  return (
    <Suspense fallback={null}>
      <OrderSheet {...props} />
    </Suspense>
  );
}
