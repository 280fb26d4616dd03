// 楼盘报告 (PAGES.md §3.5 /{city}/loupan/{houseId}/export): a printable A4 report of one project — cover,
// prices, dates and permits, the unit-type price list, planning, and the plate's resale prices of the newest
// month. project-report.css sets A4 pages for print; the button prints or saves as PDF.
import { roomLabel, type NewHouseDetailBody, type NewHousePriceListBody } from '@fjt/domain';
import { area, monthTitle, totalPrice, unitPrice } from '../../lib/display.ts';
import { dayTitle, totalRange } from './format.ts';
import { premiumText } from './ProjectDossier.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import './project-report.css';

export function ProjectReport({
  detail,
  priceList,
  madeOn,
}: {
  detail: NewHouseDetailBody;
  priceList: NewHousePriceListBody | null;
  /** 'YYYY-MM-DD' the report was made. */
  madeOn: string;
}) {
  const { project, nearbyResale } = detail;
  const units = priceList?.list ?? detail.unitTypes;
  return (
    <main className="nh-report">
      <div className="nh-report__actions no-print">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          打印/保存为PDF
        </button>
      </div>

      <section className="nh-report-cover" aria-label="报告封面">
        <p className="nh-report-cover__brand">房价通 · 新房楼盘报告</p>
        <h1>{project.name}</h1>
        <p>
          {project.districtName} · {project.plateName} · {project.saleStatus}
        </p>
        <p className="nh-report-cover__date">{dayTitle(madeOn)}</p>
        <p className="nh-report-cover__note">数据截至{dayTitle(detail.asOf)}，仅供参考，以售楼处公示为准</p>
      </section>

      <section className="nh-report-section" aria-label="价格概况">
        <h2>一、价格概况</h2>
        <dl className="nh-report-figures">
          <div>
            <dt>参考均价</dt>
            <dd>{project.avgPrice !== null ? unitPrice(project.avgPrice) : '价格待定'}</dd>
          </div>
          <div>
            <dt>总价段</dt>
            <dd>{totalRange(project.totalPriceMin, project.totalPriceMax)}/套</dd>
          </div>
          <div>
            <dt>价格更新</dt>
            <dd>{dayTitle(project.priceUpdatedAt)}</dd>
          </div>
        </dl>
        {project.priceStale ? <p className="nh-report-hint nh-stale">参考均价已超过90天未更新</p> : null}
      </section>

      <section className="nh-report-section" aria-label="开盘与证照">
        <h2>二、开盘与证照</h2>
        <dl className="nh-report-figures">
          <div>
            <dt>开盘时间</dt>
            <dd>{dayTitle(project.openingDate)}</dd>
          </div>
          <div>
            <dt>交房时间</dt>
            <dd>{dayTitle(project.deliveryDate)}</dd>
          </div>
          <div>
            <dt>摇号</dt>
            <dd>{project.lottery ? `${dayTitle(project.lottery.date)}，${project.lottery.units}套` : '--'}</dd>
          </div>
        </dl>
        <DataTable report>
          <thead>
            <tr>
              <th>预售许可证</th>
              <th>发证日期</th>
              <th>套数</th>
            </tr>
          </thead>
          <tbody>
            {project.presalePermits.length === 0 ? (
              <tr>
                <td colSpan={3}>暂未取得预售许可证</td>
              </tr>
            ) : (
              project.presalePermits.map((p) => (
                <tr key={p.no}>
                  <td>{p.no}</td>
                  <td>{dayTitle(p.issuedAt)}</td>
                  <td>{p.units}套</td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </section>

      <section className="nh-report-section" aria-label="户型价格表">
        <h2>三、户型价格表</h2>
        <DataTable report>
          <thead>
            <tr>
              <th>户型</th>
              <th>面积</th>
              <th>朝向</th>
              <th>参考总价</th>
              <th>单价</th>
              <th>状态</th>
            </tr>
          </thead>
          <tbody>
            {units.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.name} {roomLabel(u.rooms, u.halls)}
                  {u.baths}卫
                </td>
                <td>{area(u.area)}</td>
                <td>{u.orientation ?? '--'}</td>
                <td>{totalPrice(u.totalPrice)}</td>
                <td>{unitPrice(u.unitPrice)}</td>
                <td>{u.status}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="nh-report-hint">
          {priceList?.published ? '本项目已公示一房一价。' : '本项目尚未公示一房一价。'}
          单价 = 参考总价 ÷ 建筑面积。
        </p>
      </section>

      <section className="nh-report-section" aria-label="规划信息">
        <h2>四、规划信息</h2>
        <dl className="nh-report-figures">
          <div>
            <dt>容积率</dt>
            <dd>{project.plotRatio?.toFixed(2) ?? '--'}</dd>
          </div>
          <div>
            <dt>绿化率</dt>
            <dd>{project.greeningRate !== null ? `${Math.round(project.greeningRate * 100)}%` : '--'}</dd>
          </div>
          <div>
            <dt>规划户数</dt>
            <dd>{project.householdCount ?? '--'}户</dd>
          </div>
          <div>
            <dt>产权年限</dt>
            <dd>{project.tenureYears ?? '--'}年</dd>
          </div>
          <div>
            <dt>开发商</dt>
            <dd>{project.developer ?? '--'}</dd>
          </div>
          <div>
            <dt>物业</dt>
            <dd>{project.propertyCompany ?? '--'}</dd>
          </div>
        </dl>
      </section>

      <section className="nh-report-section" aria-label="与板块二手房对比">
        <h2>五、与板块二手房对比</h2>
        <DataTable report>
          <thead>
            <tr>
              <th>指标</th>
              <th>数值</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>本楼盘参考均价</td>
              <td>{unitPrice(project.avgPrice)}</td>
            </tr>
            <tr>
              <td>
                {nearbyResale.plateName}板块二手挂牌均价
                {nearbyResale.month ? `（${monthTitle(nearbyResale.month)}）` : ''}
              </td>
              <td>{unitPrice(nearbyResale.listingAvg)}</td>
            </tr>
            <tr>
              <td>板块二手成交均价</td>
              <td>{unitPrice(nearbyResale.dealAvg)}</td>
            </tr>
            <tr>
              <td>新房较二手挂牌</td>
              <td>{premiumText(nearbyResale.premiumPct)}</td>
            </tr>
          </tbody>
        </DataTable>
        <p className="nh-report-hint">板块均价取自房价通月度价格序列，与板块详情、城市报告同源。</p>
      </section>
    </main>
  );
}
