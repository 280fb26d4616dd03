// The filter slots of 新房 (/{city}/house-new): 区域 from app/house/areaList, 总价, 单价, 户型 and 面积 from
// config/getComplexCondition, 销售状态, 开盘时间 and 排序 from the new-house API's own values.
import {
  NEW_HOUSE_OPENINGS,
  NEW_HOUSE_SORTS,
  NEW_HOUSE_STATUSES,
  type AreaListBody,
  type ConditionGroup,
} from '@fjt/domain';
import type { FilterSlot } from '../../components/filter-bar/FilterBar.tsx';

export const NEW_HOUSE_FILTER_KEYS = [
  'districtId',
  'price',
  'singlePrice',
  'roomType',
  'area',
  'status',
  'opening',
  'sort',
] as const;

export const MAIN_SLOTS: FilterSlot[] = [
  { key: 'districtId', title: '区域', group: 'district', clearable: true },
  { key: 'price', title: '总价', group: 'price', clearable: true },
  { key: 'singlePrice', title: '单价', group: 'singlePrice', clearable: true },
  { key: 'roomType', title: '户型', group: 'roomType', clearable: true },
];

export const MORE_SLOTS: FilterSlot[] = [
  { key: 'area', title: '面积', group: 'area', clearable: true },
  { key: 'status', title: '销售状态', group: 'saleStatus', clearable: true },
  { key: 'opening', title: '开盘时间', group: 'opening', clearable: true },
  { key: 'sort', title: '排序', group: 'newHouseSort', clearable: false },
];

const entries = <T extends Record<string, string>>(record: T) =>
  Object.entries(record).map(([value, label]) => ({ value, label }));

export function newHouseGroups(areas: AreaListBody | null, near: boolean): ConditionGroup[] {
  const districts = (areas?.list ?? []).filter((a) => a.type === 'district');
  return [
    {
      key: 'district',
      name: '区域',
      multiple: false,
      options: districts.map((d) => ({ value: String(d.id), label: d.name })),
    },
    {
      key: 'saleStatus',
      name: '销售状态',
      multiple: false,
      options: entries(NEW_HOUSE_STATUSES).map((o) => ({
        ...o,
        label: o.label === '待售' ? '待售（未开盘）' : o.label,
      })),
    },
    { key: 'opening', name: '开盘时间', multiple: false, options: entries(NEW_HOUSE_OPENINGS) },
    {
      key: 'newHouseSort',
      name: '排序',
      multiple: false,
      options: entries(NEW_HOUSE_SORTS).filter((o) => near || o.value !== 'distance'),
    },
  ];
}
