// Districts of the city with their 挂牌均价 and MoM; a row opens the district report.
import { Link } from 'react-router';
import { formatMoney, formatRate, type AreaOption } from '@fjt/domain';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { Card } from '../../components/card/Card.tsx';

export function DistrictTable({ cityId, districts }: { cityId: number; districts: AreaOption[] }) {
  if (districts.length === 0) return null;
  return (
    <Card title="各区房价">
      <DataTable size="md">
        <thead>
          <tr>
            <th scope="col">区域</th>
            <th scope="col">挂牌均价(元/㎡)</th>
            <th scope="col">环比</th>
          </tr>
        </thead>
        <tbody>
          {districts.map((d) => {
            const rate = formatRate(d.listingMom);
            return (
              <tr key={d.id}>
                <td>
                  <Link to={`/${cityId}/area-report?districtId=${d.id}`}>{d.name}</Link>
                </td>
                <td className="num">{formatMoney(d.listingAvg)}</td>
                <td className={`num trend-${rate.trend}`}>{rate.text}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </Card>
  );
}
