// Vocabulary for synthetic names. Estates are named the way Chinese estates are: a place word or a
// developer brand followed by a typical suffix (花园, 新村, 府 …). Everything here is invented.
import type { Rng } from './prng.ts';

const ESTATE_WORDS = [
  '金色',
  '阳光',
  '翠苑',
  '锦绣',
  '碧水',
  '蓝湾',
  '紫荆',
  '桂花',
  '枫林',
  '香樟',
  '银杏',
  '梧桐',
  '玉兰',
  '海棠',
  '春江',
  '明月',
  '云栖',
  '东方',
  '世纪',
  '城市',
  '望江',
  '临湖',
  '观澜',
  '滨河',
  '湖畔',
  '御景',
  '嘉禾',
  '和美',
  '安康',
  '幸福',
  '星河',
  '天悦',
  '华府',
  '锦园',
  '清水',
  '青山',
  '翠湖',
  '映月',
  '听涛',
  '雅居',
  '新城',
  '都市',
  '时代',
  '未来',
  '理想',
  '长江',
  '朝阳',
  '晨光',
  '丽景',
  '盛世',
  '鸿福',
  '瑞和',
  '怡景',
  '碧桂',
  '书香',
  '荷塘',
  '柳岸',
  '蔚蓝',
  '森林',
  '公园',
];
const OLD_SUFFIX = [
  '新村',
  '小区',
  '一区',
  '二区',
  '三区',
  '北苑',
  '南苑',
  '东苑',
  '西苑',
  '公寓',
  '花园',
  '家园',
  '宿舍',
];
const NEW_SUFFIX = [
  '花园',
  '家园',
  '府',
  '苑',
  '城',
  '湾',
  '名邸',
  '华庭',
  '雅苑',
  '嘉园',
  '公馆',
  '庄园',
  '壹号',
  '天地',
  '里',
  '印',
  '云庐',
  '澜庭',
];
export const DEVELOPERS = [
  '万科',
  '绿城',
  '保利',
  '中海',
  '华润',
  '龙湖',
  '招商',
  '融创',
  '滨江',
  '金地',
  '碧桂园',
  '越秀',
  '建发',
  '中铁建',
  '华发',
  '象屿',
  '旭辉',
  '新城',
  '世茂',
  '远洋',
];
const PROPERTY_SUFFIX = ['物业服务有限公司', '物业管理有限公司', '生活服务集团'];
const LOCAL_PROPERTY = ['金管家', '安居', '嘉信', '恒泰', '银城', '润泽', '鑫苑', '中天', '宏达', '惠民', '美好'];

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
  '郑',
  '梁',
  '谢',
  '宋',
  '唐',
  '许',
  '韩',
  '冯',
  '邓',
  '曹',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '晨',
  '浩',
  '宇',
  '婷',
  '佳',
  '欣',
  '子涵',
  '一鸣',
  '思远',
  '雨桐',
  '晓东',
  '建华',
  '俊杰',
  '文博',
  '海燕',
  '志强',
];
export const AGENCIES = [
  '链家',
  '我爱我家',
  '贝壳优选',
  '中原地产',
  '21世纪不动产',
  '德佑',
  '太平洋房屋',
  '满堂红',
  '麦田房产',
  '信义房屋',
];

export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN);
}

/** An estate name; brand names for newer estates, place-word names for older ones. Unique within `taken`. */
export function estateName(rng: Rng, plate: string, buildYear: number, taken: Set<string>): string {
  for (let attempt = 0; attempt < 40; attempt++) {
    let name: string;
    if (buildYear >= 2008 && rng.chance(0.45))
      name = rng.pick(DEVELOPERS) + rng.pick(ESTATE_WORDS) + rng.pick(NEW_SUFFIX);
    else if (buildYear < 2000 && rng.chance(0.5)) name = plate + rng.pick(OLD_SUFFIX);
    else name = rng.pick(ESTATE_WORDS) + rng.pick(buildYear < 2005 ? OLD_SUFFIX : NEW_SUFFIX);
    if (attempt > 20) name += rng.pick(['一期', '二期', '三期', '东区', '西区', '南区', '北区']);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  const name = `${plate}${rng.pick(ESTATE_WORDS)}${taken.size}号`;
  taken.add(name);
  return name;
}

export function projectName(rng: Rng, developer: string, taken: Set<string>): string {
  for (let attempt = 0; attempt < 40; attempt++) {
    const name = developer + rng.pick(ESTATE_WORDS) + rng.pick(NEW_SUFFIX);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  const name = `${developer}${rng.pick(ESTATE_WORDS)}${taken.size}`;
  taken.add(name);
  return name;
}

export function propertyCompany(rng: Rng, developer: string): string {
  return (rng.chance(0.55) ? developer : rng.pick(LOCAL_PROPERTY)) + rng.pick(PROPERTY_SUFFIX);
}

export const ORIENTATIONS = ['南', '南北', '东南', '西南', '东', '西', '北', '东西'] as const;
export const ORIENTATION_WEIGHTS = [30, 34, 10, 8, 6, 5, 4, 3];
export const ORIENTATION_FACTOR: Record<string, number> = {
  南: 1.02,
  南北: 1.04,
  东南: 1.01,
  西南: 1.0,
  东: 0.98,
  西: 0.97,
  北: 0.95,
  东西: 0.97,
};
export const DECORATIONS = ['精装', '简装', '毛坯'] as const;
export const OWNERSHIP = ['商品房', '房改房', '动迁安置房', '经济适用房'] as const;
export const PAYMENT_METHODS = ['押一付三', '押一付一', '押二付一', '押一付二', '半年付', '年付'] as const;

export const METRO_COLORS = [
  '#E4002B',
  '#00A650',
  '#F7A600',
  '#0067B1',
  '#8F4199',
  '#00A0B0',
  '#E46C0A',
  '#A5C63B',
  '#C9A063',
  '#5F259F',
  '#D0006F',
  '#007C78',
  '#6D6E71',
  '#B5121B',
  '#2A7DE1',
  '#9B7A4E',
];
export const STATION_SUFFIX = ['', '东', '西', '南', '北', '路', '广场', '公园', '大道', '中心', '新村', '桥'];

/** Province abbreviation for 预售证 numbers (e.g. 浙杭售许字(2025)第000123号). */
export const PERMIT_PREFIX: Record<string, string> = {
  '110100': '京房售证字',
  '120100': '津国土房售许字',
  '310100': '沪房管预',
  '320100': '宁房销第',
  '330100': '浙杭售许字',
  '330200': '甬房预许字',
  '340100': '合房预售证第',
  '350200': '厦地房预字',
  '370200': '青房注字',
  '420100': '武房开预售',
  '430100': '长住建预许字',
  '440100': '穗房预字',
  '440300': '深房许字',
  '500100': '渝住建预字',
  '510100': '蓉预售字',
  '610100': '西安市房预售字',
};
