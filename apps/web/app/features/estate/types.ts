// What the estate page's route hands to its components (the loader draws the charts on the server).
import type {
  AnalysisDataSourceBody,
  AroundEstate,
  BuildingRow,
  DealListBody,
  EstateAgent,
  EstateBasicInfo,
  EstateFacts,
  ListingAnalysisBody,
  ListingListBody,
  ReviewSummary,
  RoomTypeAnalysisBody,
  TotalPriceAnalysisBody,
} from '@fjt/domain';

export interface TrendChart {
  months: number;
  svg: string;
  /** '近12个月挂牌均价上涨3.2%'. */
  takeaway: string;
  trend: 'up' | 'down' | 'flat';
}

export interface EstatePageData {
  cityId: number;
  /** The loader's clock (ms), so dates render the same on the server and in the browser. */
  now: number;
  basic: EstateBasicInfo;
  summary: string | null;
  facts: EstateFacts | null;
  trends: TrendChart[];
  deals: DealListBody | null;
  listings: ListingListBody | null;
  listingAnalysis: ListingAnalysisBody | null;
  roomTypes: (RoomTypeAnalysisBody & { svg: string | null }) | null;
  totalPrices: (TotalPriceAnalysisBody & { svg: string | null }) | null;
  buildings: BuildingRow[] | null;
  agents: EstateAgent[] | null;
  agentCount: number;
  around: AroundEstate[] | null;
  dataSource: AnalysisDataSourceBody | null;
  /** 小区点评's scores (one review_summary row); null when the read failed. */
  reviews: ReviewSummary | null;
}
