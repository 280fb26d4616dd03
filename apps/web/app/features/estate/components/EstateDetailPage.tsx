// /{city}/house-detail/{estateId}: every block of PAGES.md §3.2, in order. Blocks without data are left out.
import type { EstatePageData } from '../types.ts';
import { AgentsBlock, AroundBlock, CommunityLinks, DataSourceBlock, EstateShortcuts } from './MoreBlocks.tsx';
import { BuildingBlock, RoomTypeBlock, TotalPriceBlock } from './AnalysisBlocks.tsx';
import { BottomBar } from './BottomBar.tsx';
import { DealsBlock } from './DealsBlock.tsx';
import { EstateHeader } from './EstateHeader.tsx';
import { FactsGrid } from './FactsGrid.tsx';
import { ListingsBlock } from './ListingsBlock.tsx';
import { PriceCard } from './PriceCard.tsx';
import { TrendBlock } from './TrendBlock.tsx';
import '../estate.css';

export function EstateDetailPage(props: EstatePageData) {
  const { cityId, basic } = props;
  return (
    <main className="estate-page" data-testid="estate-page">
      <EstateHeader basic={basic} summary={props.summary} />
      <PriceCard basic={basic} />
      <EstateShortcuts cityId={cityId} estateId={basic.id} />
      {props.trends.length > 0 ? <TrendBlock trends={props.trends} estateName={basic.name} /> : null}
      {props.deals ? <DealsBlock cityId={cityId} estateId={basic.id} deals={props.deals} now={props.now} /> : null}
      {props.listings ? (
        <ListingsBlock cityId={cityId} estateId={basic.id} listings={props.listings} analysis={props.listingAnalysis} />
      ) : null}
      {props.roomTypes ? <RoomTypeBlock cityId={cityId} estateId={basic.id} analysis={props.roomTypes} /> : null}
      {props.totalPrices ? <TotalPriceBlock analysis={props.totalPrices} /> : null}
      {props.buildings ? <BuildingBlock estateId={basic.id} buildings={props.buildings} /> : null}
      {props.facts ? <FactsGrid facts={props.facts} /> : null}
      {props.agents ? (
        <AgentsBlock cityId={cityId} estateId={basic.id} agents={props.agents} total={props.agentCount} />
      ) : null}
      <CommunityLinks cityId={cityId} estateId={basic.id} onRentCount={basic.onRentCount} />
      {props.around ? <AroundBlock cityId={cityId} around={props.around} /> : null}
      {props.dataSource ? <DataSourceBlock source={props.dataSource} /> : null}
      <BottomBar cityId={cityId} estateId={basic.id} name={basic.name} />
    </main>
  );
}
