// The sticky drop-down filter bar of every list (DESIGN.md: filters as drop-down panels under a sticky bar),
// fed by config/getComplexCondition groups.
import { useRef } from 'react';
import { Dropdown, type DropdownRef } from 'antd-mobile';
import type { ConditionGroup } from '@fjt/domain';
import './filter-bar.css';

export interface FilterSlot {
  /** The query parameter the slot sets. */
  key: string;
  /** Shown while nothing is chosen. */
  title: string;
  /** The getComplexCondition group that offers the options. */
  group: string;
  /** Offer 不限 (clear); sort slots have a default instead. */
  clearable: boolean;
}

export function FilterBar({
  slots,
  groups,
  values,
  onChange,
}: {
  slots: FilterSlot[];
  groups: ConditionGroup[];
  values: Record<string, string | undefined>;
  onChange: (key: string, value: string | undefined) => void;
}) {
  const ref = useRef<DropdownRef>(null);
  const choose = (key: string, value: string | undefined) => {
    onChange(key, value);
    ref.current?.close();
  };
  return (
    <Dropdown ref={ref} className="filter-bar">
      {slots.map((slot) => {
        const group = groups.find((g) => g.key === slot.group);
        if (!group || group.options.length === 0) return null;
        const chosen = group.options.find((o) => o.value === values[slot.key]);
        return (
          <Dropdown.Item key={slot.key} title={chosen?.label ?? slot.title}>
            <ul className="filter-options" aria-label={slot.title}>
              {slot.clearable ? (
                <li>
                  <button
                    type="button"
                    className={values[slot.key] === undefined ? 'is-active' : ''}
                    onClick={() => choose(slot.key, undefined)}
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
                    onClick={() => choose(slot.key, option.value)}
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
