// The 高端盘 pages' header (/activity/premier and /activity/premier/more): the title and what the decile is — the
// city, the month and the price it starts at — once the list has loaded.
import { formatMoney, monthTitle, type PremierBody } from '@fjt/domain';

/** '杭州 · 2026年6月 · 挂牌均价82,000元/㎡及以上的12个小区'. */
function premierSummary(b: PremierBody): string {
  if (!b.month || b.threshold === null) return `${b.cityName}暂无足够的挂牌数据`;
  return `${b.cityName} · ${monthTitle(b.month)} · 挂牌均价${formatMoney(b.threshold)}元/㎡及以上的${b.total}个小区`;
}

/** `premier`: the loaded list (null while loading or failed: `pending` is shown instead of the summary). */
export function PremierHeader({
  title,
  premier,
  pending,
}: {
  title: string;
  premier: PremierBody | null;
  pending?: string;
}) {
  return (
    <header className="topic-hero topic-hero--premier">
      <h1>{title}</h1>
      <p>{premier ? premierSummary(premier) : pending}</p>
    </header>
  );
}
