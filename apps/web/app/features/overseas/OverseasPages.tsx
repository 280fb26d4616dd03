// 海外房产 and 海外详情 (PAGES.md §3.2): a drawn cover (no photos in the data), local price and ≈¥ at the
// reference rate with its date, tenure, unit ranges, yield, down payment; the detail page adds the payment
// schedule, taxes and fees, ownership rules and delivery.
import { Link, useLocation } from 'react-router';
import type { OverseasDetail, OverseasSummary } from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { area, percent } from '../../lib/display.ts';
import { cnyMoney, currencyName, localMoney, localUnitPrice } from './overseas-format.ts';
import './overseas.css';

function RateNote({ p }: { p: OverseasSummary }) {
  return (
    <p className="overseas__sub">
      参考汇率 1{currencyName(p.currency)} ≈ {p.rateToCny}元（{p.rateDate}），仅供参考
    </p>
  );
}

function ActionBar({ cityId, p }: { cityId: number; p: OverseasSummary }) {
  const location = useLocation();
  return (
    <nav className="overseas__bar">
      <button
        type="button"
        onClick={() =>
          void copyText(`${p.name}（${p.country}${p.foreignCity}）${location.pathname}`).catch(() => undefined)
        }
      >
        分享
      </button>
      <Link to={`/login?redirect=${encodeURIComponent(`/${cityId}/overseas-detail/${p.id}`)}`}>咨询顾问</Link>
    </nav>
  );
}

export function OverseasDetailPage({ cityId, project: p }: { cityId: number; project: OverseasDetail }) {
  return (
    <main className="overseas">
      <div className="overseas__cover">
        <EstateCover id={p.id} name={p.foreignCity} district={p.country} size="large" />
      </div>
      <section className="overseas__card">
        <h1>{p.name}</h1>
        <p className="overseas__sub">
          {p.country} · {p.foreignCity} · {p.propertyType} · {p.developer}
        </p>
        <p className="overseas__price" data-testid="overseas-total">
          {localMoney(p.totalMin, p.currency)}–{localMoney(p.totalMax, p.currency)}
        </p>
        <p data-testid="overseas-cny">
          {cnyMoney(p.cnyTotalMin)}–{cnyMoney(p.cnyTotalMax)}
        </p>
        <RateNote p={p} />
        <dl className="overseas__grid">
          <div>
            <dt>均价</dt>
            <dd>{localUnitPrice(p.unitPrice, p.currency)}</dd>
          </div>
          <div>
            <dt>产权</dt>
            <dd>{p.tenure}</dd>
          </div>
          <div>
            <dt>租金回报率</dt>
            <dd data-testid="overseas-yield">{percent(p.rentalYield)}</dd>
          </div>
          <div>
            <dt>首付比例</dt>
            <dd data-testid="overseas-down">{p.downPaymentPct}%</dd>
          </div>
          <div>
            <dt>交付</dt>
            <dd>{p.delivery}</dd>
          </div>
          <div>
            <dt>置业顾问</dt>
            <dd>{p.consultant}</dd>
          </div>
        </dl>
      </section>
      <section className="overseas__card">
        <h2>户型区间</h2>
        <table className="overseas__table">
          <thead>
            <tr>
              <th>户型</th>
              <th>面积</th>
              <th>总价</th>
            </tr>
          </thead>
          <tbody>
            {p.units.map((u) => (
              <tr key={u.name}>
                <td>{u.name}</td>
                <td>
                  {area(u.areaMin)}–{area(u.areaMax)}
                </td>
                <td>
                  {localMoney(u.priceMin, p.currency)}–{localMoney(u.priceMax, p.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <Link to={`/${cityId}/overseas-detail/${p.id}/detail`}>查看付款计划、税费与产权规则 ›</Link>
        </p>
      </section>
      <ActionBar cityId={cityId} p={p} />
    </main>
  );
}

export function OverseasFullPage({ cityId, project: p }: { cityId: number; project: OverseasDetail }) {
  return (
    <main className="overseas">
      <section className="overseas__card">
        <h1>{p.name} · 海外详情</h1>
        <p className="overseas__sub">
          {p.country} · {p.foreignCity} · {p.tenure} · {p.delivery}
        </p>
        <RateNote p={p} />
      </section>
      <section className="overseas__card">
        <h2>付款计划</h2>
        <table className="overseas__table">
          <tbody>
            {(p.paymentSchedule ?? []).map((s) => (
              <tr key={s.stage}>
                <td>{s.stage}</td>
                <td>{s.pct}%</td>
                <td>{cnyMoney(Math.round((p.cnyTotalMin * s.pct) / 100))}起</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="overseas__card">
        <h2>税费</h2>
        <table className="overseas__table">
          <tbody>
            {(p.taxes ?? []).map((t) => (
              <tr key={t.name}>
                <td>{t.name}</td>
                <td>{t.payer}</td>
                <td>{t.rate === null ? '--' : `${t.rate}%`}</td>
                <td>{t.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="overseas__card">
        <h2>产权规则</h2>
        <p>{p.ownershipRules}</p>
      </section>
      <ActionBar cityId={cityId} p={p} />
    </main>
  );
}

export function OverseasListPage({ cityName, list }: { cityName: string; list: OverseasSummary[] }) {
  return (
    <main className="overseas">
      <section className="overseas__card">
        <h1>{cityName}海外房产</h1>
        <p className="overseas__sub">共 {list.length} 个项目，价格按参考汇率折算人民币</p>
      </section>
      {list.length === 0 ? (
        <section className="overseas__card">
          暂无海外项目，<Link to="/">返回首页</Link>
        </section>
      ) : (
        <ul className="overseas__list">
          {list.map((p) => (
            <li key={p.id} className="overseas__card">
              <Link to={`/${p.cityId}/overseas-detail/${p.id}/detail`}>
                <strong>{p.name}</strong>
                <p className="overseas__sub">
                  {p.country} · {p.foreignCity} · {p.tenure} · 租金回报 {percent(p.rentalYield)}
                </p>
                <p className="overseas__price">{cnyMoney(p.cnyTotalMin)}起</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
