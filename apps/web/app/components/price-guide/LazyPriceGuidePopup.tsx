// The price-guide popup, loaded (with antd-mobile's Popup under it) when it is first opened rather than with
// the page: the ⓘ is on most price pages, and few visitors tap it.
import { Suspense, lazy, useEffect, useState } from 'react';

const PriceGuidePopup = lazy(() => import('./PriceGuidePopup.tsx').then((m) => ({ default: m.PriceGuidePopup })));

export function LazyPriceGuidePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(visible);
  useEffect(() => {
    if (visible) setOpened(true);
  }, [visible]);
  if (!opened && !visible) return null;
  return (
    <Suspense fallback={null}>
      <PriceGuidePopup visible={visible} onClose={onClose} />
    </Suspense>
  );
}
