// 帮我找房's wizard state, kept in the URL so every step is a link (works before the page's script loads) and a
// search can be shared: budget (万), districtIds, roomType, area, purpose.
import { findPlateQuery, type FindPlateQuery } from '@fjt/domain';

export const FIND_KEYS = ['budget', 'districtIds', 'roomType', 'area', 'purpose'] as const;
export type FindKey = (typeof FIND_KEYS)[number];

/** Budget presets, 万. */
export const BUDGET_PRESETS = [100, 150, 200, 300, 400, 500, 800, 1000];

/** The valid choices of a URL; a malformed one is dropped. */
export function readChoices(cityId: number, search: URLSearchParams): Partial<Record<FindKey, string>> {
  const chosen: Partial<Record<FindKey, string>> = {};
  for (const key of FIND_KEYS) {
    const value = search.get(key);
    if (!value) continue;
    const probe = findPlateQuery.safeParse({ cityId, budget: key === 'budget' ? value : 100, [key]: value });
    if (probe.success) chosen[key] = value;
  }
  return chosen;
}

export function toQuery(cityId: number, chosen: Partial<Record<FindKey, string>>): FindPlateQuery | null {
  if (!chosen.budget) return null;
  return findPlateQuery.parse({ cityId, ...chosen });
}

/** The URL after one change; undefined clears a choice. */
export function findHref(
  cityId: number,
  chosen: Partial<Record<FindKey, string>>,
  change: Partial<Record<FindKey, string | undefined>>,
): string {
  const next = new URLSearchParams();
  for (const key of FIND_KEYS) {
    const value = key in change ? change[key] : chosen[key];
    if (value) next.set(key, value);
  }
  const search = next.toString();
  return `/${cityId}/find-house${search ? `?${search}` : ''}`;
}

/** A comma list with one id added or removed. */
export function toggleId(list: string | undefined, id: number): string | undefined {
  const ids = new Set((list ?? '').split(',').filter(Boolean));
  if (ids.has(String(id))) ids.delete(String(id));
  else ids.add(String(id));
  return ids.size ? [...ids].join(',') : undefined;
}
