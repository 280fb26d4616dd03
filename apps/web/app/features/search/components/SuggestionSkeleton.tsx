// What shows while suggestions load: the shape of a suggestion card, never a blank screen.
import { Skeleton } from 'antd-mobile';

export function SuggestionSkeleton() {
  return (
    <div className="search-card" data-testid="search-skeleton" aria-busy="true" aria-label="加载中">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="search-skeleton__row">
          <Skeleton.Title animated className="search-skeleton__title" />
          <Skeleton.Paragraph lineCount={1} animated className="search-skeleton__line" />
        </div>
      ))}
    </div>
  );
}
