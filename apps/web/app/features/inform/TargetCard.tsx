// What is being reported, as the reporter saw it: the kind (二手房房源, 回答 …), the title line and a second line.
// A post's excerpt is user text: rendered through UserText, never as HTML.
import type { InformTargetSummary } from '@fjt/domain';
import { UserText } from '../../components/user-text/UserText.tsx';

export function TargetCard({ target, compact = false }: { target: InformTargetSummary; compact?: boolean }) {
  return (
    <section
      className={`inform-target${compact ? ' inform-target--compact' : ''}`}
      aria-label="举报对象"
      data-testid="inform-target"
    >
      <span className="inform-target__kind">{target.kindLabel}</span>
      <UserText className="inform-target__title" text={target.title} />
      {target.subtitle ? <p className="inform-target__sub">{target.subtitle}</p> : null}
    </section>
  );
}
