// The 捡漏 filter bar: district and sort are our own groups, room type and 总价 come from getComplexCondition.
import type { ConditionGroup } from '@fjt/domain';
import type { FilterSlot } from '../../components/filter-bar/FilterBar.tsx';

export const BARGAIN_SLOTS: FilterSlot[] = [
  { key: 'districtId', title: '区域', group: 'bargainDistrict', clearable: true },
  { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
  { key: 'price', title: '总价', group: 'price', clearable: true },
  { key: 'sort', title: '排序', group: 'bargainSort', clearable: false },
];
export const BARGAIN_FILTER_KEYS = BARGAIN_SLOTS.map((s) => s.key);

export function bargainGroups(
  districts: { id: number; name: string }[],
  condition: ConditionGroup[],
): ConditionGroup[] {
  return [
    {
      key: 'bargainDistrict',
      name: '区域',
      multiple: false,
      options: districts.map((d) => ({ value: String(d.id), label: d.name })),
    },
    {
      key: 'bargainSort',
      name: '排序',
      multiple: false,
      options: [
        { value: 'discount', label: '低于成交均价最多' },
        { value: 'newest', label: '最新挂牌' },
        { value: 'total', label: '总价从低到高' },
      ],
    },
    ...condition.filter((g) => g.key === 'roomType' || g.key === 'price'),
  ];
}
