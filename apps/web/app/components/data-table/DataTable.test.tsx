// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DataTable } from './DataTable.tsx';

afterEach(cleanup);

const rows = (
  <>
    <thead>
      <tr>
        <th scope="col">户型</th>
        <th scope="col">挂牌均价</th>
      </tr>
    </thead>
    <tbody>
      <tr>
        <th scope="row">2室</th>
        <td className="num">29,350元/㎡</td>
      </tr>
    </tbody>
  </>
);

describe('DataTable', () => {
  it('is a table of the caller’s rows, named by its label, in the compact form by default', () => {
    render(<DataTable label="户型分析">{rows}</DataTable>);
    const table = screen.getByRole('table', { name: '户型分析' });
    expect(table.className).toBe('data-table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['户型', '挂牌均价']);
    expect(screen.getByRole('rowheader').textContent).toBe('2室');
    expect(screen.getByRole('cell').textContent).toBe('29,350元/㎡');
  });

  it('the report form, the 14px form and the caller’s own class add to the shared one', () => {
    const { container } = render(
      <>
        <DataTable report>{rows}</DataTable>
        <DataTable size="md" className="estate-table">
          {rows}
        </DataTable>
      </>,
    );
    const [report, md] = container.querySelectorAll('table');
    expect(report!.className).toBe('data-table data-table--report');
    expect(md!.className).toBe('data-table data-table--md estate-table');
  });
});
