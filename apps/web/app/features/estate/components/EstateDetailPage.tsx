// /{city}/house-detail/{estateId}: every block of PAGES.md §3.2, in order. Blocks without data are left out.
// The first screen (header, prices, trend) and the action bar hydrate with the page; the blocks below come as a
// second chunk that hydrates when it arrives (issue 10: interactive within 5 s on Slow 3G).
import { deferred } from '../../../lib/deferred.tsx';
import type { EstatePageData } from '../types.ts';
import { EstateShortcuts } from './EstateShortcuts.tsx';
import { BottomBar } from './BottomBar.tsx';
import { EstateHeader } from './EstateHeader.tsx';
import { PriceCard } from './PriceCard.tsx';
import { TrendBlock } from './TrendBlock.tsx';
import '../estate.css';

const BelowFold = deferred(() => import('./BelowFold.tsx').then((m) => m.BelowFold));

export function EstateDetailPage(props: EstatePageData) {
  const { cityId, basic } = props;
  return (
    <main className="estate-page" data-testid="estate-page">
      <EstateHeader basic={basic} summary={props.summary} />
      <PriceCard basic={basic} />
      <EstateShortcuts cityId={cityId} estateId={basic.id} />
      {props.trends.length > 0 ? <TrendBlock trends={props.trends} estateName={basic.name} /> : null}
      <BelowFold {...props} />
      <BottomBar cityId={cityId} estateId={basic.id} name={basic.name} />
    </main>
  );
}
