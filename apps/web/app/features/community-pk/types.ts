// What the 小区PK view shows of each side (PAGES.md §3.7 /{city}/community-pk): one estate's figures, flattened
// from house/basic-info, house/detail, house/deal/overview and estate/rent/list so the view can compare them.

export interface PkEstate {
  id: number;
  name: string;
  districtName: string;
  plateName: string;
  /** 'YYYY-MM' of 挂牌均价 (the city's newest month). */
  month: string | null;
  /** 挂牌均价 元/㎡ and its MoM %. */
  listingAvg: number | null;
  listingMom: number | null;
  /** 成交均价 元/㎡ of the newest month with deals. */
  dealAvg: number | null;
  buildYear: number | null;
  /** 物业费 元/㎡·月. */
  propertyFee: number | null;
  plotRatio: number | null;
  /** 绿化率 0–1. */
  greeningRate: number | null;
  householdCount: number | null;
  onSaleCount: number | null;
  /** Deals of the 12 months ending with the city's newest month. */
  dealCount12: number | null;
  /** 租金均价 元/㎡·月. */
  rentAvg: number | null;
  nearestStation: string | null;
  stationDistanceM: number | null;
}

/** A side of the PK: nothing chosen yet, an id that names no estate of the city, or an estate. */
export type PkSide = { status: 'empty' } | { status: 'missing' } | { status: 'ok'; estate: PkEstate };

export type PkSideKey = 'a' | 'b';

/** The overlaid 12-month 挂牌均价 trend of the sides that have one, drawn on the server. */
export interface PkTrend {
  svg: string;
  /** Per side: its change over the window (percent), null when it has too few months. */
  changes: { side: PkSideKey; name: string; change: number | null }[];
}

/** An estate offered in the picker before anything is typed (热门小区). */
export interface PkPick {
  id: number;
  name: string;
  avgPrice: number | null;
}

export interface PkViewData {
  cityId: number;
  a: PkSide;
  b: PkSide;
  /** Both ids were given and neither names an estate: the page falls back to the picker state with a note. */
  bothMissing: boolean;
  trend: PkTrend | null;
  hot: PkPick[];
}
