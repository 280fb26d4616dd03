// The rows of 订阅与收藏: an estate (cover, name, 区域 · 板块, 挂牌均价 with MoM red up / green down, 成交均价) that
// opens the estate's page, and an author or column followed (name when known).
import type { CollectEstateRow, CollectFollowRow } from '@fjt/domain';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';

export function CollectEstateItem({ row }: { row: CollectEstateRow }) {
  return <EstateFiguresCard estate={row} className="collect-row" testId="collect-estate" />;
}

export function CollectFollowItem({ row }: { row: CollectFollowRow }) {
  const what = row.targetType === 'author' ? '作者' : '专栏';
  return (
    <div className="collect-follow" data-testid="collect-follow">
      <span className="collect-follow__avatar" aria-hidden="true">
        {(row.name ?? what).slice(0, 1)}
      </span>
      <span className="collect-follow__body">
        <strong>{row.name ?? `${what} ${row.targetId}`}</strong>
        <small>关注于 {row.createdAt.slice(0, 10)}</small>
      </span>
    </div>
  );
}
