// The sticky filter bar of the rental list: 方式, 户型, 地铁 and 排序, options from config/getComplexCondition.
import { useRef } from 'react';
import { Dropdown, type DropdownRef } from 'antd-mobile';
import type { ConditionGroup } from '@fjt/domain';

export interface RentFilterValues {
  rental?: string | undefined;
  roomType?: string | undefined;
  metroDistance?: string | undefined;
  tenancyOrder?: string | undefined;
}

const SLOTS: { key: keyof RentFilterValues; title: string; group: string }[] = [
  { key: 'rental', title: '方式', group: 'rental' },
  { key: 'roomType', title: '户型', group: 'roomType' },
  { key: 'metroDistance', title: '地铁', group: 'metroDistance' },
  { key: 'tenancyOrder', title: '排序', group: 'tenancyOrder' },
];

export function RentFilters({
  groups,
  values,
  onChange,
}: {
  groups: ConditionGroup[];
  values: RentFilterValues;
  onChange: (key: keyof RentFilterValues, value: string | undefined) => void;
}) {
  const ref = useRef<DropdownRef>(null);
  return (
    <Dropdown ref={ref} className="rentals__filters">
      {SLOTS.map((slot) => {
        const group = groups.find((g) => g.key === slot.group);
        if (!group) return null;
        const chosen = group.options.find((o) => o.value === values[slot.key]);
        return (
          <Dropdown.Item key={slot.key} title={chosen?.label ?? slot.title}>
            <ul className="filter-options" aria-label={slot.title}>
              {slot.key !== 'tenancyOrder' ? (
                <li>
                  <button
                    type="button"
                    className={values[slot.key] === undefined ? 'is-active' : ''}
                    onClick={() => {
                      onChange(slot.key, undefined);
                      ref.current?.close();
                    }}
                  >
                    不限
                  </button>
                </li>
              ) : null}
              {group.options.map((option) => (
                <li key={option.value}>
                  <button
                    type="button"
                    className={values[slot.key] === option.value ? 'is-active' : ''}
                    onClick={() => {
                      onChange(slot.key, option.value);
                      ref.current?.close();
                    }}
                  >
                    {option.label}
                  </button>
                </li>
              ))}
            </ul>
          </Dropdown.Item>
        );
      })}
    </Dropdown>
  );
}
