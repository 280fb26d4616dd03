// What the server hands to the web app's loaders through the router context (ARCHITECTURE §3):
// the web app depends on these contracts, never on server internals.
import type { OverseasDetail, OverseasListBody } from './api/overseas.ts';
import type { AgentDetailBody, AgentDetailQuery, AgentListBody, AgentListQuery } from './api/agents.ts';
import type { SuperiorEstateList, SuperiorListQuery, SuperiorProjectList } from './api/superior.ts';
import type { QaDetailBody, QaListBody, QaListQuery } from './api/qa.ts';
import type {
  ArticleDetailBody,
  ArticleListBody,
  ArticleListInput,
  ContentListBody,
  ContentListInput,
  VideoDetailBody,
  VideoPlayBody,
} from './api/content.ts';
import type {
  AreaReportBody,
  AreaReportQuery,
  CertificateBody,
  CityReportBody,
  CityReportQuery,
  EstatePlateRank,
  EstateWeeklyBody,
  EstateWeeklyQuery,
  IssueCertificateInput,
  WeeklyReportBody,
  WeeklyReportQuery,
} from './api/reports.ts';
import type { AuditListBody, AuditQuery, OpsViewer, StaffListBody } from './api/staff.ts';
import type { SearchHotBody, SearchSuggestBody, SearchSuggestQuery } from './api/search.ts';
import type { AreaListBody, AreaListQuery, CityListItem } from './api/geo.ts';
import type { ComplexCondition } from './api/condition.ts';
import type { SceneListBody } from './api/scenes.ts';
import type { CityOverview, RankListBody, RankListQuery } from './api/market.ts';
import type { RentListBody, RentListQuery } from './api/rentals.ts';
import type { EstateListBody, EstateListQuery } from './api/estates-list.ts';
import type {
  MapBubblesBody,
  MapBubblesQuery,
  PlateDetailBody,
  PlateListBody,
  PlateListQuery,
  PriceIndexSeriesBody,
  PriceIndexSeriesQuery,
} from './api/plates.ts';
import type { MsgLinksService } from './api/topics.ts';
import type { ListingDetailBody, ListingDetailQuery, ListingSearchBody, ListingSearchQuery } from './api/listings.ts';
import type {
  AgentGetInput,
  AgentGetResult,
  AnalysisDataSourceBody,
  AroundBody,
  AroundQuery,
  BuildingAnalysisBody,
  DealListBody,
  DealListQuery,
  EstateBasicInfo,
  EstateFacts,
  EstateGeneral,
  EstateRecommendBody,
  HeaderChartBody,
  HeaderChartQuery,
  ListingAnalysisBody,
  ListingListBody,
  ListingListQuery,
  QuotationsBody,
  QuotationsQuery,
  RoomTypeAnalysisBody,
  RoomTypeListQuery,
  TotalPriceAnalysisBody,
  TotalPriceListQuery,
} from './api/estates.ts';
import type {
  DealDetailBody,
  DealDetailQuery,
  DealHistoryBody,
  DealHistoryQuery,
  DealOverviewBody,
  DealOverviewQuery,
  DealRankBody,
  DealRankQuery,
  DealSearchBody,
  DealSearchQuery,
  DealViewer,
  ProFreeBody,
} from './api/deals.ts';
import type {
  ManagerDetailBody,
  ManagerListBody,
  ManagerListQuery,
  NewHouseCalendarBody,
  NewHouseCalendarQuery,
  NewHouseDetailBody,
  NewHouseManagersBody,
  NewHousePriceListBody,
  NewHouseReportBody,
  NewHouseReportQuery,
  NewHouseSearchBody,
  NewHouseSearchQuery,
  UpcomingRankBody,
  UpcomingRankQuery,
} from './api/new-houses.ts';
import type { QuotationBody, QuotationDetailBody, QuotationDetailQuery, QuotationQuery } from './api/quotation.ts';
import type {
  NoteListBody,
  NoteListQuery,
  ReviewDetailBody,
  ReviewListBody,
  ReviewListQuery,
  ReviewSummary,
} from './api/reviews.ts';
import type {
  BargainListBody,
  BargainListQuery,
  FindDistrictBody,
  FindDistrictQuery,
  FindPlateBody,
  FindPlateQuery,
  WeekHouseBody,
  WeekHouseQuery,
} from './api/finder.ts';

export type CitySummary = CityListItem;

export interface GeoService {
  listCities(): Promise<CitySummary[]>;
  getCity(id: number): Promise<CitySummary | null>;
  /** Districts → plates of a city with their latest 挂牌均价 (app/house/areaList); null for an unknown city. */
  areaList(query: AreaListQuery): Promise<AreaListBody | null>;
}

/** Suggestions and hot searches of a city; null when the city is unknown. */
export interface SearchService {
  suggest(query: SearchSuggestQuery): Promise<SearchSuggestBody | null>;
  hot(cityId: number): Promise<SearchHotBody | null>;
  /** Ids of the city's estates matching a keyword (汉字, pinyin, initials), best match first; null for an unknown city. */
  matchEstateIds(cityId: number, kw: string, limit: number): Promise<number[] | null>;
}

export interface ConfigService {
  /** config/getComplexCondition for a city; null for an unknown city. */
  complexCondition(cityId: number): Promise<ComplexCondition | null>;
  /** config/scene-list: the scenario landings with their presets and on-sale counts; null for an unknown city. */
  sceneList(cityId: number): Promise<SceneListBody | null>;
}

export interface MarketService {
  /** market/city-overview; null for an unknown city. */
  cityOverview(cityId: number): Promise<CityOverview | null>;
  /** rank/list; null for an unknown city, or a districtId that is not one of its districts. */
  rankList(query: RankListQuery): Promise<RankListBody | null>;
}

/** The estate (小区) detail endpoints of PAGES.md §3.2; every method answers null for an unknown estate. */
export interface EstatesService {
  basicInfo(estateId: number): Promise<EstateBasicInfo | null>;
  quotations(query: QuotationsQuery): Promise<QuotationsBody | null>;
  facts(estateId: number): Promise<EstateFacts | null>;
  general(estateId: number): Promise<EstateGeneral | null>;
  headerChart(query: HeaderChartQuery): Promise<HeaderChartBody | null>;
  roomTypeAnalysis(estateId: number): Promise<RoomTypeAnalysisBody | null>;
  roomTypeListings(query: RoomTypeListQuery): Promise<ListingListBody | null>;
  totalPriceAnalysis(estateId: number): Promise<TotalPriceAnalysisBody | null>;
  totalPriceListings(query: TotalPriceListQuery): Promise<ListingListBody | null>;
  buildingAnalysis(estateId: number): Promise<BuildingAnalysisBody | null>;
  listingAnalysis(estateId: number): Promise<ListingAnalysisBody | null>;
  analysisDataSource(estateId: number): Promise<AnalysisDataSourceBody | null>;
  around(query: AroundQuery): Promise<AroundBody | null>;
  recommend(estateId: number): Promise<EstateRecommendBody | null>;
  /** POST house/agent/get; null when the estate is unknown or not in cityId. */
  agents(input: AgentGetInput): Promise<AgentGetResult | null>;
  /** house/deal/list; rows masked for a non-member past the estate's free rows (DealViewer, default non-member). */
  deals(query: DealListQuery, viewer?: DealViewer): Promise<DealListBody | null>;
  listings(query: ListingListQuery): Promise<ListingListBody | null>;
}

export interface EstateListService {
  /** estate/list; null for an unknown city, or a district/plate outside it. */
  estateList(query: EstateListQuery): Promise<EstateListBody | null>;
  /** Tells a community-list id apart: a district (6-digit adcode) or a plate (9-digit street code) of the city. */
  scopeOf(cityId: number, id: number): Promise<{ level: 'district' | 'plate'; id: number } | null>;
}

/** 在售二手房 and 房源详情 (PAGES.md §3.2); null for an unknown city, estate or listing. */
export interface ListingsService {
  search(query: ListingSearchQuery): Promise<ListingSearchBody | null>;
  /** How many of the scope's listings on sale match the filters (paging and order ignored); null as search. */
  count(query: ListingSearchQuery): Promise<number | null>;
  detail(query: ListingDetailQuery): Promise<ListingDetailBody | null>;
}

export interface RentalsService {
  /** estate/rent/list; null for an unknown city or estate. */
  rentList(query: RentListQuery): Promise<RentListBody | null>;
  /**
   * The one definition of 在租 and 租金均价 now (the estate page, its data note, the rental page and 小区PK read
   * it): the estate's rentals on offer, how many and their averages; averages are null when none is on offer.
   */
  onRent(estateId: number): Promise<OnRentNow>;
}

export interface OnRentNow {
  count: number;
  /** 元/月 */
  avgMonthly: number | null;
  /** 元/㎡·月, one decimal */
  rentAvg: number | null;
}

/** The deal pages of PAGES.md §3.3; null for an unknown estate or deal. */
export interface DealsService {
  proFree(estateId: number): Promise<ProFreeBody | null>;
  overview(query: DealOverviewQuery): Promise<DealOverviewBody | null>;
  /** Rows masked for a non-member unless among the estate's latest DEAL_FREE_ROWS (default non-member). */
  history(query: DealHistoryQuery, viewer?: DealViewer): Promise<DealHistoryBody | null>;
  detail(query: DealDetailQuery, viewer?: DealViewer): Promise<DealDetailBody | null>;
  /** rank/deal; null for an unknown city. */
  rank(query: DealRankQuery): Promise<DealRankBody | null>;
  /** deal/search; null for an unknown city, or a district/plate outside it. */
  search(query: DealSearchQuery, viewer?: DealViewer): Promise<DealSearchBody | null>;
}

/** Plates, price-index series and the map search (PAGES.md §3.4, 地图找房). */
export interface PlatesService {
  /** plate/list; null for an unknown city or a district outside it. */
  plateList(query: PlateListQuery): Promise<PlateListBody | null>;
  /** plate/detail; null for an unknown plate. */
  plateDetail(plateId: number): Promise<PlateDetailBody | null>;
  /** price-index/series; null for an unknown plate, district or city. */
  priceIndexSeries(query: PriceIndexSeriesQuery): Promise<PriceIndexSeriesBody | null>;
  /** map/bubbles; null for an unknown city, or a district/plate outside it. */
  mapBubbles(query: MapBubblesQuery): Promise<MapBubblesBody | null>;
}

/** The reports of PAGES.md §3.4; null for an unknown city, district, plate, estate or certificate. */
export interface ReportsService {
  area(query: AreaReportQuery): Promise<AreaReportBody | null>;
  city(query: CityReportQuery): Promise<CityReportBody | null>;
  weekly(query: WeeklyReportQuery): Promise<WeeklyReportBody | null>;
  /** The week's deals masked for a non-member like every deal row (DealViewer, default non-member). */
  estateWeekly(query: EstateWeeklyQuery, viewer?: DealViewer): Promise<EstateWeeklyBody | null>;
  certificate(id: string): Promise<CertificateBody | null>;
  /** Issues (or returns the already issued) certificate of the estate's report for its newest data month. */
  issueCertificate(input: IssueCertificateInput): Promise<CertificateBody | null>;
  /** Where the estate's 挂牌均价 ranks among its plate's estates, newest month. */
  estatePlateRank(estateId: number): Promise<EstatePlateRank | null>;
}

/** The new-house pages of PAGES.md §3.5 (and the 置业顾问 of §3.11); null for an unknown city, project or manager. */
export interface NewHousesService {
  search(query: NewHouseSearchQuery): Promise<NewHouseSearchBody | null>;
  detail(projectId: number): Promise<NewHouseDetailBody | null>;
  priceList(projectId: number): Promise<NewHousePriceListBody | null>;
  managers(projectId: number): Promise<NewHouseManagersBody | null>;
  manager(managerId: number): Promise<ManagerDetailBody | null>;
  /** new-house/manager/list; null for an unknown city. */
  managerList(query: ManagerListQuery): Promise<ManagerListBody | null>;
  calendar(query: NewHouseCalendarQuery): Promise<NewHouseCalendarBody | null>;
  upcomingRank(query: UpcomingRankQuery): Promise<UpcomingRankBody | null>;
  report(query: NewHouseReportQuery): Promise<NewHouseReportBody | null>;
}

/** 行情 (PAGES.md §3.1); null for an unknown city, district or plate. */
export interface QuotationService {
  board(query: QuotationQuery): Promise<QuotationBody | null>;
  detail(query: QuotationDetailQuery): Promise<QuotationDetailBody | null>;
}

/** 本周好房, 捡漏 and 帮我找房 (PAGES.md §3.1, §3.5); null for an unknown city or a district outside it. */
export interface FinderService {
  weekHouse(query: WeekHouseQuery): Promise<WeekHouseBody | null>;
  bargains(query: BargainListQuery): Promise<BargainListBody | null>;
  findPlates(query: FindPlateQuery): Promise<FindPlateBody | null>;
  findDistricts(query: FindDistrictQuery): Promise<FindDistrictBody | null>;
}

/** 经纪人主页 and a city's agents (PAGES.md §3.11). */
export interface AgentsService {
  /** null when the agent does not exist or works in another city. */
  detail(query: AgentDetailQuery): Promise<AgentDetailBody | null>;
  list(query: AgentListQuery): Promise<AgentListBody>;
}

/**
 * 达人推荐 (PAGES.md §3.11 pubBySuperior): a 达人's picks of a city with their header; null when superiorId is no
 * 达人. viewerId null: a visitor (followed false). My page (no superiorId) throws ApiError 401 without a viewer and
 * 403 without the label.
 */
export interface SuperiorService {
  estates(query: SuperiorListQuery, viewerId: number | null): Promise<SuperiorEstateList | null>;
  projects(query: SuperiorListQuery, viewerId: number | null): Promise<SuperiorProjectList | null>;
}

/** 问答 (PAGES.md §3.8): the public reads of the Q&A pages. */
export interface QaReadService {
  list(query: QaListQuery): Promise<QaListBody>;
  /** 'deleted': deleted or hidden (the page says 问题已删除); null: no such question. */
  detail(id: number): Promise<QaDetailBody | 'deleted' | null>;
}

/** 海外房产 (PAGES.md §3.2 overseas-detail). */
export interface OverseasService {
  /** null when the project does not exist. full: with payment schedule, taxes and rules. */
  detail(id: number, full: boolean): Promise<OverseasDetail | null>;
  /** null when the city does not exist. */
  list(cityId: number): Promise<OverseasListBody | null>;
}

/** 看房视频 and 文章 (PAGES.md §3.8). */
export interface ContentService {
  /** POST content/list with an article column; null for an unknown city. */
  articles(input: ArticleListInput): Promise<ArticleListBody | null>;
  /**
   * content/article: the article with its estates and related articles (of `cityId` for a nationwide one), counted
   * as read; null when unknown or not shown.
   */
  article(id: number, cityId?: number): Promise<ArticleDetailBody | null>;
  /** POST content/list; null for an unknown city, or an estate outside it. */
  list(input: ContentListInput): Promise<ContentListBody | null>;
  /** content/video/detail: the card and its scenes; null for an unknown video. */
  videoDetail(id: number): Promise<VideoDetailBody | null>;
  /**
   * POST content/video/play: counts the play once per viewer per video per hour (later plays answer the count
   * unchanged); null for an unknown video.
   */
  play(id: number, viewer: string): Promise<VideoPlayBody | null>;
}

/** What the /ops consoles read (issue 11); only reached after the role check of the /ops loaders. */
export interface StaffService {
  listStaff(): Promise<StaffListBody>;
  auditLog(query: AuditQuery): Promise<AuditListBody>;
}

/** The valuation's per-city data, loaded ahead: a page where an estimate is about to be asked starts the load. */
export interface ValuationWarmup {
  /** Starts loading the city's deals (once; later calls and unknown cities cost nothing). Never throws. */
  warm(cityId: number): void;
}

/** 小区点评 and 看房笔记 (issue 17): the public reads a page loader makes; null for an unknown estate or city. */
export interface ReviewsService {
  /** The estate page's score block: one review_summary row. */
  summary(estateId: number): Promise<ReviewSummary>;
  list(query: ReviewListQuery): Promise<ReviewListBody | null>;
  detail(id: number, page: number): Promise<ReviewDetailBody | null>;
  /** Viewing notes; `full` for a signed-in viewer (else previews of NOTE_PREVIEW_CHARS). */
  notes(query: NoteListQuery, viewer: { userId: number } | null): Promise<NoteListBody | null>;
}

export interface Services {
  reviews: ReviewsService;
  /** Set by the server app (absent in tests that build the services alone). */
  valuation?: ValuationWarmup;
  staff: StaffService;
  content: ContentService;
  overseas: OverseasService;
  agents: AgentsService;
  superior: SuperiorService;
  qa: QaReadService;
  quotation: QuotationService;
  finder: FinderService;
  geo: GeoService;
  config: ConfigService;
  market: MarketService;
  rentals: RentalsService;
  estateList: EstateListService;
  search: SearchService;
  estates: EstatesService;
  deals: DealsService;
  listings: ListingsService;
  plates: PlatesService;
  reports: ReportsService;
  newHouses: NewHousesService;
  /** Issue 18: the SMS short links (/activity/msglink?code resolves on the server, a 302 without a flash). */
  msgLinks: MsgLinksService;
}

export interface RouterContext {
  services: Services;
  /** Test-only switches (APP_TEST_HOOKS=1), never on in production. */
  testHooks: boolean;
  /**
   * Set by the server when the request itself is the error (a POST to a page, a URL that cannot be decoded): the
   * root loader throws it, so the visitor gets the product's error page with this status and message.
   */
  pageError?: { status: number; message: string };
  /** The sandbox SMS gateway is on (SMS_PROVIDER=sandbox): the /dev/sms page exists. */
  smsSandbox?: boolean;
  /** The debug pages of PAGES.md §3.15 (/demo, /spm-demo) exist: DEBUG_PAGES=1, or by default outside a deployment. */
  debugPages?: boolean;
  /**
   * Only on /ops paths (ADR 0009's exception): the signed-in viewer with their staff roles (empty: not staff), or
   * null for a visitor. Absent on every other page, which never sees the user.
   */
  staff?: OpsViewer | null;
  /**
   * Only on a page request carrying a valid print pass for its own URL (ADR 0013: the report mall's PDF renderer):
   * the viewer the report is printed for, a member. Such a page is never cached; absent on every other request.
   */
  printViewer?: DealViewer;
  /**
   * Send the page once all of it is rendered, as for a crawler (no part streamed in after the shell): the page store
   * (ADR 0026) keeps pages rendered so.
   */
  wholePage?: boolean;
}
