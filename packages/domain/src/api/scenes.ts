// NEW config/scene-list (PAGES.md §3.1 /{city}/scene 场景找房): the scenario landings — 地铁房, 学区房, 低总价,
// 次新房 — each a preset of the list filters of config/getComplexCondition, applied to the city's 二手房 on sale
// through house/listing/search. 低总价 takes the city's own lowest 总价 band, so it means the same in 长沙 and 深圳.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { NEAR_METRO_M, type ComplexCondition } from './condition.ts';

export const SCENE_CODES = ['metro', 'school', 'lowTotal', 'subNew'] as const;
export type SceneCode = (typeof SCENE_CODES)[number];

/** 次新房: built within this many years of the data's newest month (the dataset tags 2016 on as 次新房). */
export const SUB_NEW_MAX_AGE = 10;

/** What each scene is for, in the buyer's words: why people want it, then the one thing to check. */
export const SCENES: Record<SceneCode, { name: string; intro: string; caveat: string }> = {
  metro: {
    name: '地铁房',
    intro: '小区1公里内有地铁站，步行十来分钟进站，通勤时间可控，将来出租、转手也更容易。',
    caveat: '距离按小区到最近站点的直线计算，实际步行更远；紧邻轨道的楼栋留意噪音和振动。',
  },
  school: {
    name: '学区房',
    intro: '带学区标签的小区，孩子就近入学更有把握，房价相对抗跌，转手也快。',
    caveat: '学区划片每年可能调整，入学名额也可能已被占用，买前请向教育部门和学校核实当年政策。',
  },
  lowTotal: {
    name: '低总价',
    intro: '总价在本市在售房源最低的一档，首付和月供压力小，适合首次置业、先上车再换房。',
    caveat: '低总价多是老小区、小面积或远郊房源，留意房龄对贷款年限的影响和通勤距离。',
  },
  subNew: {
    name: '次新房',
    intro: `楼龄${SUB_NEW_MAX_AGE}年以内的小区，户型、规划和物业更新，住得舒服，贷款年限也更长。`,
    caveat: '次新房单价通常高于同板块的老小区，周边配套可能还在完善中。',
  },
};

export const sceneListQuery = z.object({ cityId: cityIdParam });
export type SceneListQuery = z.infer<typeof sceneListQuery>;

/** One preset filter: the house/listing/search parameter and value, with the filter group's words for it. */
export const scenePreset = z.object({
  /** The query parameter (a getComplexCondition group key): metroDistance, label, price, homeAge. */
  key: z.string(),
  value: z.string(),
  /** The group's name: 地铁距离, 特色, 总价, 楼龄. */
  name: z.string(),
  /** The option's label: 1公里内, 学区房, 200万以下, 10年以内. */
  label: z.string(),
});
export type ScenePreset = z.infer<typeof scenePreset>;

export const sceneRow = z.object({
  code: z.enum(SCENE_CODES),
  name: z.string(),
  intro: z.string(),
  caveat: z.string(),
  presets: z.array(scenePreset),
  /** 二手房 on sale in the city that match the presets. */
  count: z.number().int(),
});
export type SceneRow = z.infer<typeof sceneRow>;

export const sceneListBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  /** In SCENE_CODES order; the first is the landing's default. */
  scenes: z.array(sceneRow),
});
export type SceneListBody = z.infer<typeof sceneListBody>;

/** The filter each scene presets, as a getComplexCondition group key and option value (null: not offered). */
const PRESET: Record<SceneCode, (condition: ComplexCondition) => { key: string; value: string } | null> = {
  metro: () => ({ key: 'metroDistance', value: String(NEAR_METRO_M) }),
  school: () => ({ key: 'label', value: 'school' }),
  lowTotal: (condition) => {
    const lowest = condition.groups.find((g) => g.key === 'price')?.options[0];
    return lowest ? { key: 'price', value: lowest.value } : null;
  },
  subNew: () => ({ key: 'homeAge', value: `0-${SUB_NEW_MAX_AGE}` }),
};

/**
 * A scene's presets in the city's filter vocabulary. A city without listings has no 总价 bands, so 低总价
 * presets nothing there (and counts nothing, as there is nothing on sale).
 */
export function scenePresets(code: SceneCode, condition: ComplexCondition): ScenePreset[] {
  const preset = PRESET[code](condition);
  if (!preset) return [];
  const group = condition.groups.find((g) => g.key === preset.key);
  const option = group?.options.find((o) => o.value === preset.value);
  if (!group || !option) return [];
  return [{ ...preset, name: group.name, label: option.label }];
}

/** The presets as query parameters: { metroDistance: '1000' }. */
export function presetFilters(presets: readonly ScenePreset[]): Record<string, string> {
  return Object.fromEntries(presets.map((p) => [p.key, p.value]));
}
