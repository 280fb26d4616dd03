// The blocks under the first screen of the estate page, from 最新成交 down (PAGES.md §3.2 order). The page loads
// their code after it has hydrated (EstateDetailPage); the server renders them with the rest.
import type { EstatePageData } from '../types.ts';
import { AgentsBlock, AroundBlock, CommunityLinks, DataSourceBlock } from './MoreBlocks.tsx';
import { BuildingBlock, RoomTypeBlock, TotalPriceBlock } from './AnalysisBlocks.tsx';
import { DealsBlock } from './DealsBlock.tsx';
import { FactsGrid } from './FactsGrid.tsx';
import { ListingsBlock } from './ListingsBlock.tsx';
import { ReviewScoreBlock } from './ReviewScoreBlock.tsx';

export function BelowFold(props: EstatePageData) {
  const { cityId, basic } = props;
  return (
    <>
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
      {props.reviews ? <ReviewScoreBlock cityId={cityId} estateId={basic.id} summary={props.reviews} /> : null}
      <CommunityLinks cityId={cityId} estateId={basic.id} onRentCount={basic.onRentCount} />
      {props.around ? <AroundBlock cityId={cityId} around={props.around} /> : null}
      {props.dataSource ? <DataSourceBlock source={props.dataSource} /> : null}
    </>
  );
}
