// What each article column is about, under its name on the list page.
import type { ArticleColumn } from '@fjt/domain';

export const COLUMN_BLURBS: Record<ArticleColumn, string> = {
  policy: '限购、首套认定、契税与增值税：读懂政策的一般规则，并知道去哪里核实',
  market: '每月二手房行情：挂牌均价、成交均价、环比同比与领涨领跌板块',
  guide: '看房、议价、交易流程、贷款材料，以及房价通的数字怎么来',
};
