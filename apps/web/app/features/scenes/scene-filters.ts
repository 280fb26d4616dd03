// The filters of a scene landing and how the URL carries them. A scene starts from its presets; the URL holds
// only what the user changed: a parameter set to another value replaces the preset, an empty one (`price=`)
// clears it (不限), an absent one keeps it. So `?scene=metro` is the landing as designed and every edit is a
// link that can be shared.
import type { SceneCode } from '@fjt/domain';
import type { FilterSlot } from '../../components/filter-bar/FilterBar.tsx';

const slot = (key: string, title: string, clearable = true): FilterSlot => ({ key, title, group: key, clearable });
const PRICE = slot('price', '总价');
const ROOMS = slot('roomType', '户型');
const ORDER = slot('order', '排序', false);

/** Four slots each, the scene's own filter first: one row at 375px. */
export const SCENE_SLOTS: Record<SceneCode, FilterSlot[]> = {
  metro: [slot('metroDistance', '地铁'), PRICE, ROOMS, ORDER],
  school: [slot('label', '特色'), PRICE, ROOMS, ORDER],
  lowTotal: [PRICE, ROOMS, slot('area', '面积'), ORDER],
  subNew: [slot('homeAge', '楼龄'), PRICE, ROOMS, ORDER],
};

/**
 * The filters in force: the presets, with the URL's changes on top, for the scene's slots only (a filter the
 * bar cannot show would narrow the list unseen). `accepts` says whether the API takes a value; a malformed one
 * in a shared link falls back to the preset rather than failing the page.
 */
export function effectiveFilters(
  search: URLSearchParams,
  slots: readonly FilterSlot[],
  presets: Record<string, string>,
  accepts: (key: string, value: string) => boolean,
): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const { key } of slots) {
    const asked = search.get(key);
    const preset = presets[key];
    if (asked === '') continue;
    if (asked !== null && accepts(key, asked)) filters[key] = asked;
    else if (preset !== undefined) filters[key] = preset;
  }
  return filters;
}

/** Whether the filters are the scene's presets exactly. */
export function isPreset(filters: Record<string, string>, presets: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(filters), ...Object.keys(presets)]);
  return [...keys].every((k) => filters[k] === presets[k]);
}

/** The search after one change: back to the preset drops the parameter, clearing a preset leaves it empty. */
export function withSceneFilter(
  search: URLSearchParams,
  presets: Record<string, string>,
  key: string,
  value: string | undefined,
): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  const preset = presets[key];
  if (value === preset) next.delete(key);
  else if (value === undefined) next.set(key, '');
  else next.set(key, value);
  return next.toString();
}

/** A scene's own landing, presets only. */
export function sceneHref(code: SceneCode): string {
  return `?scene=${code}`;
}
