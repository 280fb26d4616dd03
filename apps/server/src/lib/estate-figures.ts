// The figures of an estate card in a user's lists (订阅与收藏, 达人推荐): the estate's page figures of its city's
// newest month — 挂牌均价 with the month before, and the latest 成交均价 of the last 12 months with the month
// before it. The caller's FROM names its rows `s`, joined to `estate e` by s.target_id.
import { percentChange } from '@fjt/domain';
import { sql } from '@fjt/db';

export interface EstateFiguresSqlRow {
  id: number;
  cityId: number;
  name: string;
  districtName: string;
  plateName: string;
  month: string | null;
  listingAvg: number | null;
  previousListingAvg: number | null;
  dealAvg: number | null;
  previousDealAvg: number | null;
}

/** The columns of EstateFiguresSqlRow. */
export const estateFiguresColumns = sql`e.id, e.city_id AS "cityId", e.name, d.name AS "districtName",
  p.name AS "plateName", to_char(lm.month, 'YYYY-MM') AS month,
  cur.listing_avg AS "listingAvg", prev.listing_avg AS "previousListingAvg",
  ld.deal_avg AS "dealAvg", ldp.deal_avg AS "previousDealAvg"`;

/** The joins after `FROM <table> s` that estateFiguresColumns reads. */
export const estateFiguresJoins = sql`JOIN estate e ON e.id = s.target_id
  JOIN district d ON d.id = e.district_id
  JOIN plate p ON p.id = e.plate_id
  LEFT JOIN LATERAL (SELECT max(month) AS month FROM price_series
                     WHERE level = 'city' AND target_id = e.city_id) lm ON true
  LEFT JOIN price_series cur ON cur.level = 'estate' AND cur.target_id = e.id AND cur.month = lm.month
  LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = e.id
                             AND prev.month = (lm.month - interval '1 month')::date
  LEFT JOIN LATERAL (SELECT month, deal_avg FROM price_series
                     WHERE level = 'estate' AND target_id = e.id AND deal_avg IS NOT NULL
                       AND month <= lm.month AND month >= (lm.month - interval '12 months')::date
                     ORDER BY month DESC LIMIT 1) ld ON true
  LEFT JOIN price_series ldp ON ldp.level = 'estate' AND ldp.target_id = e.id
                            AND ldp.month = (ld.month - interval '1 month')::date`;

/** The row with the two month-on-month changes in place of the previous months' figures. */
export function withEstateMom<R extends EstateFiguresSqlRow>({ previousListingAvg, previousDealAvg, ...r }: R) {
  return {
    ...r,
    listingMom: percentChange(previousListingAvg, r.listingAvg),
    dealMom: percentChange(previousDealAvg, r.dealAvg),
  };
}
