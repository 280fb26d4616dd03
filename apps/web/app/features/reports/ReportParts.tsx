// Building blocks of the report pages: a titled section, a grid of figures, the sub-area table, the month
// picker and the print / copy-link actions.
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReportAreaRow } from '@fjt/domain';
import { copyText } from '../../lib/copy-text.ts';
import { monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';

export function ReportSection({
  id,
  title,
  long,
  children,
}: {
  id: string;
  title: string;
  /** Long tables may break across printed pages. */
  long?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={long ? 'rpt-section rpt-section--long' : 'rpt-section'}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export interface Figure {
  label: string;
  value: ReactNode;
  /** A change in percent shown under the value, red up / green down. */
  change?: { label: string; value: number | null };
  /** A ready-made line under the value (e.g. a count's difference from last week). */
  note?: { text: string; className: string };
}

export function Figures({ items, two }: { items: Figure[]; two?: boolean }) {
  return (
    <dl className={two ? 'rpt-figures rpt-figures--two' : 'rpt-figures'}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>
            {item.value}
            {item.change ? <RateLine label={item.change.label} value={item.change.value} /> : null}
            {item.note ? <small className={item.note.className}>{item.note.text}</small> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RateLine({ label, value }: { label: string; value: number | null }) {
  const r = rate(value);
  return (
    <small className={r.className}>
      {label}
      {r.text}
    </small>
  );
}

export function RateText({ value }: { value: number | null }) {
  const r = rate(value);
  return <span className={r.className}>{r.text}</span>;
}

/** Districts of a city or plates of a district, as the month's series rows. */
export function AreaTable({
  rows,
  nameHeader,
  linkTo,
}: {
  rows: ReportAreaRow[];
  nameHeader: string;
  linkTo?: (row: ReportAreaRow) => string;
}) {
  return (
    <DataTable report>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">挂牌均价</th>
          <th scope="col">环比</th>
          <th scope="col">成交</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="report-area-row">
            <td>{linkTo ? <Link to={linkTo(row)}>{row.name}</Link> : row.name}</td>
            <td>{unitPrice(row.listingAvg)}</td>
            <td>
              <RateText value={row.listingMom} />
            </td>
            <td>{row.dealCount}套</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** 统计月份 picker: published months, newest first; changing it replaces the URL's month. */
export function MonthPicker({
  month,
  months,
  hrefFor,
}: {
  month: string;
  months: string[];
  hrefFor: (m: string) => string;
}) {
  const navigate = useNavigate();
  return (
    <label>
      统计月份
      <select
        value={month}
        aria-label="统计月份"
        onChange={(e) => navigate(hrefFor(e.target.value), { replace: true })}
      >
        {months.map((m) => (
          <option key={m} value={m}>
            {monthTitle(m)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ReportActions({ printable = true }: { printable?: boolean }) {
  return (
    <div className="rpt-actions no-print">
      <button type="button" onClick={() => void copyText(window.location.href).catch(() => undefined)}>
        复制链接
      </button>
      {printable ? (
        <button type="button" className="rpt-button--primary" onClick={() => window.print()}>
          打印/保存PDF
        </button>
      ) : null}
    </div>
  );
}

export function DataSource({ month }: { month: string | null }) {
  return (
    <p className="rpt-source">
      数据来源：房价通挂牌与成交数据{month ? `，统计至${monthTitle(month)}` : ''}；月度均价与其他页面同源。
    </p>
  );
}
