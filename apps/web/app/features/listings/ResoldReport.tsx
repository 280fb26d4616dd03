// 在售报告 (PAGES.md §3.2 /{city}/house-resold/{houseId}/export): a printable A4 market report of one estate —
// cover, price summary, 12 months of listings and deals, distributions, the listings (no agent data) and the
// data sources. The print stylesheet (report.css) sets A4 pages; the button prints or saves as PDF.
import {
  floorLevel,
  formatMoney,
  roomLabel,
  type AnalysisDataSourceBody,
  type EstateBasicInfo,
  type ListingSearchBody,
  type RoomTypeAnalysisBody,
  type TotalPriceAnalysisBody,
} from '@fjt/domain';
import { copyText } from '../../lib/copy-text.ts';
import { area, monthTitle, rate, totalPrice, unitPrice } from '../../lib/display.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import './report.css';

export interface ResoldReportData {
  basic: EstateBasicInfo;
  listings: ListingSearchBody;
  roomTypes: RoomTypeAnalysisBody | null;
  totalPrices: TotalPriceAnalysisBody | null;
  source: AnalysisDataSourceBody | null;
  roomChart: string | null;
  priceChart: string | null;
  /** 'YYYY-MM-DD' the report was made. */
  madeOn: string;
}

export function ResoldReport({ report }: { report: ResoldReportData }) {
  const { basic, listings, roomTypes, totalPrices, source } = report;
  const { summary } = listings;
  const listingMom = rate(basic.listingMom);
  const [y, m, d] = report.madeOn.split('-');
  return (
    <main className="report">
      <div className="report__actions no-print">
        <button
          type="button"
          className="btn"
          onClick={() => void copyText(window.location.href).catch(() => undefined)}
        >
          复制链接
        </button>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          打印/保存为PDF
        </button>
      </div>

      <section className="report-cover report-page" aria-label="报告封面">
        <p className="report-cover__brand">房价通 · 小区市场报告</p>
        <h1 className="report-cover__name">{basic.name}</h1>
        <p className="report-cover__where">
          {basic.districtName} · {basic.plateName}
          {basic.buildYear ? ` · ${basic.buildYear}年建成` : ''}
        </p>
        <p className="report-cover__date">
          {y}年{Number(m)}月{Number(d)}日
        </p>
        <p className="report-cover__note">数据截至{summary.asOf ?? '--'}，仅供参考，不构成交易建议</p>
        {/* The masked-phone watermark of PAGES.md needs the viewer's login (membership issue). */}
        <span className="report-watermark" aria-hidden="true">
          房价通
        </span>
      </section>

      <section className="report-section" aria-label="价格概况">
        <h2>一、价格概况</h2>
        <dl className="report-figures">
          <div>
            <dt>挂牌均价</dt>
            <dd>{unitPrice(basic.listingAvg)}</dd>
          </div>
          <div>
            <dt>环比</dt>
            <dd className={listingMom.className}>{listingMom.text}</dd>
          </div>
          <div>
            <dt>成交均价</dt>
            <dd>{unitPrice(basic.dealAvg)}</dd>
          </div>
          <div>
            <dt>在售</dt>
            <dd>{summary.onSaleCount}套</dd>
          </div>
          <div>
            <dt>近30天新增</dt>
            <dd>{summary.newCount30d}套</dd>
          </div>
          <div>
            <dt>近30天降价</dt>
            <dd>{summary.cutCount30d}套</dd>
          </div>
        </dl>
      </section>

      <section className="report-section" aria-label="近12个月挂牌与成交">
        <h2>二、近12个月挂牌与成交</h2>
        <DataTable report>
          <thead>
            <tr>
              <th>月份</th>
              <th>挂牌套数</th>
              <th>挂牌均价</th>
              <th>成交套数</th>
              <th>成交均价</th>
            </tr>
          </thead>
          <tbody>
            {summary.months.map((row) => (
              <tr key={row.month}>
                <td>{monthTitle(row.month)}</td>
                <td>{row.listingCount}</td>
                <td>{formatMoney(row.listingAvg)}</td>
                <td>{row.dealCount}</td>
                <td>{formatMoney(row.dealAvg)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="report-hint">均价单位：元/㎡；“--”表示当月无数据。</p>
      </section>

      <section className="report-section" aria-label="分布">
        <h2>三、户型与总价分布</h2>
        <div className="report-charts">
          {report.roomChart ? (
            <figure>
              <figcaption>在售套数 · 按户型</figcaption>
              <div dangerouslySetInnerHTML={{ __html: report.roomChart }} />
            </figure>
          ) : null}
          {report.priceChart ? (
            <figure>
              <figcaption>在售套数 · 按总价（万）</figcaption>
              <div dangerouslySetInnerHTML={{ __html: report.priceChart }} />
            </figure>
          ) : null}
        </div>
        {roomTypes && roomTypes.list.length > 0 ? (
          <DataTable report>
            <thead>
              <tr>
                <th>户型</th>
                <th>在售</th>
                <th>挂牌均价</th>
                <th>近12个月成交</th>
                <th>成交均价</th>
              </tr>
            </thead>
            <tbody>
              {roomTypes.list.map((r) => (
                <tr key={r.rooms}>
                  <td>{r.label}</td>
                  <td>{r.onSaleCount}</td>
                  <td>{formatMoney(r.listingAvg)}</td>
                  <td>{r.dealCount}</td>
                  <td>{formatMoney(r.dealAvg)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : null}
        {totalPrices ? <p className="report-hint">在售平均总价：{totalPrice(totalPrices.avgTotalPrice)}</p> : null}
      </section>

      <section className="report-section" aria-label="在售房源">
        <h2>
          四、在售房源（{listings.total}套
          {listings.total > listings.list.length ? `，列出最新${listings.list.length}套` : ''}）
        </h2>
        <DataTable report className="report-table--listings">
          <thead>
            <tr>
              <th>房源</th>
              <th>楼层</th>
              <th>总价</th>
              <th>单价</th>
              <th>挂牌日期</th>
            </tr>
          </thead>
          <tbody>
            {listings.list.map((l) => (
              <tr key={l.id}>
                <td>
                  {roomLabel(l.rooms, l.halls)} {area(l.area)} {l.orientation}
                </td>
                <td>{floorLevel(l.floor, l.totalFloors).replace('楼层/共', '/')}</td>
                <td>{totalPrice(l.totalPrice)}</td>
                <td>{formatMoney(l.unitPrice)}</td>
                <td>{l.listedAt.slice(2)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="report-hint">单价单位：元/㎡；挂牌日期为年-月-日（两位年份）。</p>
      </section>

      <section className="report-section" aria-label="数据来源">
        <h2>五、数据来源与说明</h2>
        {source ? (
          <p>
            本报告基于{source.listingCount}条挂牌记录、{source.dealCount}条成交记录（中介成交{source.agencyDealCount}
            条，网签备案
            {source.netsignDealCount}条）。
          </p>
        ) : null}
        <ul>
          {(source?.notes ?? []).map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}
