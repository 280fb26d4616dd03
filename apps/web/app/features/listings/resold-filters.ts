// The filter slots of 在售二手房: 户型, 面积, 楼层 and 排序 come from config/getComplexCondition; 朝向, 装修,
// 房本年限 and 电梯 are fixed product values of the listing data (api/listings.ts).
import { DECORATIONS, ORIENTATIONS, type ConditionGroup } from '@fjt/domain';
import type { FilterSlot } from '../../components/filter-bar/FilterBar.tsx';

export const RESOLD_FILTER_KEYS = [
  'roomType',
  'area',
  'floor',
  'order',
  'orientation',
  'decoration',
  'holdLimit',
  'elevator',
] as const;

export const MAIN_SLOTS: FilterSlot[] = [
  { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
  { key: 'area', title: '面积', group: 'area', clearable: true },
  { key: 'floor', title: '楼层', group: 'floor', clearable: true },
  { key: 'order', title: '排序', group: 'order', clearable: false },
];

export const MORE_SLOTS: FilterSlot[] = [
  { key: 'orientation', title: '朝向', group: 'orientation', clearable: true },
  { key: 'decoration', title: '装修', group: 'decoration', clearable: true },
  { key: 'holdLimit', title: '满二/满五', group: 'holdLimit', clearable: true },
  { key: 'elevator', title: '电梯', group: 'elevator', clearable: true },
];

export const LISTING_GROUPS: ConditionGroup[] = [
  {
    key: 'orientation',
    name: '朝向',
    multiple: false,
    options: ORIENTATIONS.map((v) => ({ value: v, label: `朝${v}` })),
  },
  { key: 'decoration', name: '装修', multiple: false, options: DECORATIONS.map((v) => ({ value: v, label: v })) },
  {
    key: 'elevator',
    name: '电梯',
    multiple: false,
    options: [
      { value: '1', label: '有电梯' },
      { value: '0', label: '无电梯' },
    ],
  },
];
