// The seeded residents who write a city's community content: one per RESIDENTS_PER_ESTATE estates (at least
// MIN_RESIDENTS), with a nickname of the kind people choose (a plate and a word, a surname and a title …) and a
// built-in avatar. Ids: SEED_USER_ID_BASE + the city's id × 100 000 + n, so they never meet a real user's id.
// One in SUPER_EVERY is a 达人 (label 1; one in five of those 认证达人, 2), answering for the estates of a plate.
import { schema } from '@fjt/db';
import { AVATARS } from '@fjt/domain';
import { hash32, Rng } from '../prng.ts';
import type { CommunityEstate } from './estates.ts';

export interface Resident {
  id: number;
  nickname: string;
  /** 0 none, 1 达人, 2 认证达人. */
  label: 0 | 1 | 2;
  /** The plate a 达人 answers for; a resident's home plate otherwise. */
  plateId: number;
  user: typeof schema.users.$inferInsert;
}

export const RESIDENTS_PER_ESTATE = 0.6;
export const MIN_RESIDENTS = 40;
export const SUPER_EVERY = 25;

const WORDS = ['业主', '住户', '老住户', '新业主', '买房人', '看房团', '居民', '邻居'];
const TITLES = ['先生', '女士', '同学', '老师', '师傅', '姐', '哥'];
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈'.split('');
const HANDLES = [
  '小鱼',
  '阿豆',
  '晴天',
  '木子',
  '橙子',
  '大白',
  '小满',
  '安安',
  '一禾',
  '南风',
  '远山',
  '初夏',
  '青柠',
];

function nickname(rng: Rng, plate: string, n: number): string {
  switch (rng.int(0, 3)) {
    case 0:
      return `${plate}${rng.pick(WORDS)}${n % 100}`;
    case 1:
      return `${rng.pick(SURNAMES)}${rng.pick(TITLES)}`;
    case 2:
      return `${rng.pick(HANDLES)}${rng.int(1, 999)}`;
    default:
      return `${rng.pick(SURNAMES)}${rng.pick(HANDLES)}`;
  }
}

export function residentsOf(cityId: number, estates: readonly CommunityEstate[], seed: number) {
  const rng = new Rng(seed ^ hash32(`residents:${cityId}`));
  const plates = [...new Map(estates.map((e) => [e.plateId, e.plateName])).entries()];
  const count = Math.max(MIN_RESIDENTS, Math.round(estates.length * RESIDENTS_PER_ESTATE));
  const residents: Resident[] = [];
  const joined = new Date('2024-01-01T00:00:00+08:00').getTime();
  for (let n = 0; n < count; n++) {
    const id = schema.SEED_USER_ID_BASE + cityId * 100_000 + n;
    const [plateId, plateName] = plates[n % plates.length]!;
    const isSuper = n % SUPER_EVERY === 0;
    const label: 0 | 1 | 2 = isSuper ? (n % (SUPER_EVERY * 5) === 0 ? 2 : 1) : 0;
    const name = isSuper
      ? `${plateName}${label === 2 ? '置业顾问团' : '房产达人'}${n / SUPER_EVERY + 1}`
      : nickname(rng, plateName, n);
    residents.push({
      id,
      nickname: name.slice(0, 16),
      label,
      plateId,
      user: {
        id,
        phone: `seed:${id}`,
        nickname: name.slice(0, 16),
        avatar: rng.pick(AVATARS).key,
        createdAt: new Date(joined + rng.int(0, 600) * 86_400_000),
      },
    });
  }
  const supers = residents.filter((r) => r.label > 0);
  const labels = supers.map((r) => ({ userId: r.id, label: r.label, grantedAt: r.user.createdAt! }));
  const byPlate = new Map<number, Resident[]>();
  for (const r of supers) {
    let list = byPlate.get(r.plateId);
    if (!list) byPlate.set(r.plateId, (list = []));
    list.push(r);
  }
  const superEstates: (typeof schema.superAnswererEstate.$inferInsert)[] = [];
  const superByEstate = new Map<number, Resident[]>();
  for (const e of estates) {
    const list = byPlate.get(e.plateId) ?? [];
    superByEstate.set(e.id, list);
    for (const r of list) superEstates.push({ userId: r.id, estateId: e.id, createdAt: r.user.createdAt! });
  }
  return {
    residents,
    labels,
    superEstates,
    superOf: (estateId: number): readonly Resident[] => superByEstate.get(estateId) ?? [],
  };
}
