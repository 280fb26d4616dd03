// The 16 cities of the NBS 70-city file that the product serves. City id 605 = 杭州 (spec §2, §9);
// the other ids are ours and stable, since URLs carry them.
export interface CitySeed {
  id: number;
  name: string;
  pinyin: string;
  adcode: string;
  province: string;
  isHot: boolean;
  /** Mid-2026 second-hand listing average, 元/㎡ (calibration target, data/README.md). */
  targetPrice: number;
}

export const CITIES: readonly CitySeed[] = [
  { id: 101, name: '北京', pinyin: 'beijing', adcode: '110100', province: '北京市', isHot: true, targetPrice: 52_000 },
  { id: 102, name: '天津', pinyin: 'tianjin', adcode: '120100', province: '天津市', isHot: false, targetPrice: 19_000 },
  { id: 201, name: '上海', pinyin: 'shanghai', adcode: '310100', province: '上海市', isHot: true, targetPrice: 54_000 },
  { id: 301, name: '南京', pinyin: 'nanjing', adcode: '320100', province: '江苏省', isHot: true, targetPrice: 25_000 },
  { id: 605, name: '杭州', pinyin: 'hangzhou', adcode: '330100', province: '浙江省', isHot: true, targetPrice: 29_000 },
  { id: 606, name: '宁波', pinyin: 'ningbo', adcode: '330200', province: '浙江省', isHot: false, targetPrice: 21_000 },
  { id: 701, name: '合肥', pinyin: 'hefei', adcode: '340100', province: '安徽省', isHot: false, targetPrice: 16_000 },
  { id: 801, name: '厦门', pinyin: 'xiamen', adcode: '350200', province: '福建省', isHot: false, targetPrice: 37_000 },
  { id: 901, name: '青岛', pinyin: 'qingdao', adcode: '370200', province: '山东省', isHot: false, targetPrice: 17_000 },
  { id: 1001, name: '武汉', pinyin: 'wuhan', adcode: '420100', province: '湖北省', isHot: true, targetPrice: 15_000 },
  {
    id: 1101,
    name: '长沙',
    pinyin: 'changsha',
    adcode: '430100',
    province: '湖南省',
    isHot: false,
    targetPrice: 11_000,
  },
  {
    id: 1201,
    name: '广州',
    pinyin: 'guangzhou',
    adcode: '440100',
    province: '广东省',
    isHot: true,
    targetPrice: 29_000,
  },
  {
    id: 1202,
    name: '深圳',
    pinyin: 'shenzhen',
    adcode: '440300',
    province: '广东省',
    isHot: true,
    targetPrice: 60_000,
  },
  {
    id: 1301,
    name: '重庆',
    pinyin: 'chongqing',
    adcode: '500100',
    province: '重庆市',
    isHot: false,
    targetPrice: 12_000,
  },
  { id: 1401, name: '成都', pinyin: 'chengdu', adcode: '510100', province: '四川省', isHot: true, targetPrice: 15_000 },
  { id: 1501, name: '西安', pinyin: 'xian', adcode: '610100', province: '陕西省', isHot: false, targetPrice: 14_000 },
];
