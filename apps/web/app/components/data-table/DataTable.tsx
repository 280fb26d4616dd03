// The one compact numeric table of the app: 12px tabular numerals, the first column (a name) left and every
// other column right-aligned, a rule under each row. `report` is the form of the printable reports: a grey
// heading band in bold, printed in colour, and rows that do not break across pages; size 'md' is the 14px form
// of a table that is a page's main block (各区房价). Callers write the thead/tbody; a row heading is <th scope="row">.
import type { ReactNode } from 'react';
import './data-table.css';

export function DataTable({
  report = false,
  size = 'sm',
  label,
  className,
  children,
}: {
  report?: boolean;
  size?: 'sm' | 'md';
  /** An accessible name for the table. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = [
    'data-table',
    report ? 'data-table--report' : null,
    size === 'md' ? 'data-table--md' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <table className={classes} aria-label={label}>
      {children}
    </table>
  );
}
