// The report pages' query (/inform, /inform/detail): targetType + targetId, or the older ?estateId= of the estate
// page's 纠错 link; /inform/detail adds the chosen reason. Anything malformed is no target (the page says so).
import {
  INFORM_REASONS,
  INFORM_REASONS_BY_TARGET,
  INFORM_TARGETS,
  parseId,
  type InformReason,
  type InformTarget,
} from '@fjt/domain';

export interface InformChoice {
  targetType: InformTarget;
  targetId: number;
}

export function informTargetOf(search: URLSearchParams): InformChoice | null {
  const estateId = parseId(search.get('estateId'));
  const type = search.get('targetType');
  if (!type && estateId !== null) return { targetType: 'estate', targetId: estateId };
  if (!type || !(INFORM_TARGETS as readonly string[]).includes(type)) return null;
  const targetId = parseId(search.get('targetId'));
  return targetId === null ? null : { targetType: type as InformTarget, targetId };
}

/** The reason of /inform/detail, when it is one offered for the target. */
export function informReasonOf(search: URLSearchParams, choice: InformChoice): InformReason | null {
  const reason = search.get('reason');
  if (!reason || !Object.hasOwn(INFORM_REASONS, reason)) return null;
  return INFORM_REASONS_BY_TARGET[choice.targetType].includes(reason as InformReason) ? (reason as InformReason) : null;
}

export const informQuery = (choice: InformChoice, reason?: InformReason) =>
  `?targetType=${choice.targetType}&targetId=${choice.targetId}${reason ? `&reason=${reason}` : ''}`;
