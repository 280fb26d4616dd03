// 开盘日历 month grid (PAGES.md §3.5 /{city}/calendar): the days of a month, Monday first, a dot per event
// type on the days that have one; a day links to its entries in the list below.
import { CALENDAR_TYPES, type CalendarEvent, type CalendarType } from '@fjt/domain';

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];
export const CALENDAR_TYPE_ORDER = Object.keys(CALENDAR_TYPES) as CalendarType[];

export function CalendarMonth({ month, events }: { month: string; events: CalendarEvent[] }) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // getUTCDay: 0 = Sunday; Monday-first offset.
  const offset = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const byDay = new Map<number, Set<CalendarType>>();
  for (const e of events) {
    const d = Number(e.date.slice(8));
    (byDay.get(d) ?? byDay.set(d, new Set()).get(d)!).add(e.type);
  }
  return (
    <div className="nh-cal" role="grid" aria-label={`${y}年${m}月`}>
      <div className="nh-cal__row" role="row">
        {WEEK.map((w) => (
          <span key={w} className="nh-cal__week" role="columnheader">
            {w}
          </span>
        ))}
      </div>
      <div className="nh-cal__days" role="row">
        {Array.from({ length: offset }, (_, i) => (
          <span key={`blank-${i}`} aria-hidden="true" />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const day = i + 1;
          const types = byDay.get(day);
          const date = `${month}-${String(day).padStart(2, '0')}`;
          return types ? (
            <a key={day} href={`#d-${date}`} className="nh-cal__day nh-cal__day--busy" role="gridcell">
              {day}
              <span className="nh-cal__dots" aria-label={[...types].map((t) => CALENDAR_TYPES[t]).join('、')}>
                {CALENDAR_TYPE_ORDER.filter((t) => types.has(t)).map((t) => (
                  <i key={t} className={`nh-dot nh-dot--${t}`} />
                ))}
              </span>
            </a>
          ) : (
            <span key={day} className="nh-cal__day" role="gridcell">
              {day}
            </span>
          );
        })}
      </div>
    </div>
  );
}
