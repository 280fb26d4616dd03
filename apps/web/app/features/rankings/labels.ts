// Chinese names of the rankings (PAGES.md §3.4) and how each shows its ranked figure.
import { minSampleNote, type RankKind, type RankPeriod, type RankType } from '@fjt/domain';
import { rate, unitPrice } from '../../lib/display.ts';

export const RANK_LABELS: Record<RankKind, string> = {
  hot: '热度榜',
  rise: '涨幅榜',
  fall: '跌幅榜',
  deal: '成交榜',
  price: '均价榜',
};
/** Tab order: the default (热度) first. */
export const RANK_TABS: RankKind[] = ['hot', 'rise', 'fall', 'deal', 'price'];
export const TYPE_LABELS: Record<RankType, string> = { estate: '小区', plate: '板块', district: '区县' };
export const PERIOD_LABELS: Record<RankPeriod, string> = { month: '月', quarter: '季' };

/** The ranked figure's text and class (rise/fall are coloured like every change). */
export function rankValue(rank: RankKind, value: number | null): { text: string; className: string } {
  switch (rank) {
    case 'hot':
      return { text: value === null ? '--' : `热度${value}`, className: '' };
    case 'rise':
    case 'fall':
      return rate(value);
    case 'price':
      return { text: unitPrice(value), className: '' };
    default:
      return { text: value === null ? '--' : `${value}套`, className: '' };
  }
}

/** What the figure means, shown under the list. */
export function rankNote(rank: RankKind, period: RankPeriod): string {
  const span = period === 'quarter' ? '近3个月' : '当月';
  switch (rank) {
    case 'hot':
      return '热度为在售房源近7天浏览次数之和';
    case 'rise':
    case 'fall':
      return period === 'quarter' ? '按挂牌均价较3个月前的涨跌幅排列' : '按挂牌均价环比涨跌幅排列';
    case 'price':
      return '按当月挂牌均价由高到低排列';
    default:
      return `按${span}成交套数由多到少排列`;
  }
}

/**
 * The ranking's minimum-sample rule as the page states it (MIN_LISTING_SAMPLE of @fjt/domain); null for 成交榜,
 * which ranks the deals themselves.
 */
export function sampleNote(rank: RankKind, type: RankType, period: RankPeriod): string | null {
  switch (rank) {
    case 'rise':
    case 'fall':
      return `${minSampleNote(type, period)}，${rank === 'rise' ? '只列上涨' : '只列下跌'}`;
    case 'deal':
      return null;
    default:
      return minSampleNote(type);
  }
}
