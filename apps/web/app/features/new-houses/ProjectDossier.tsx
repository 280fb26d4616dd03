// 楼盘详情 blocks (PAGES.md §3.5 /{city}/loupan/{houseId}): cover, price card with the stale flag, dates and
// permits, 户型, the price list, planning facts, the plate's resale average against the project, 置业顾问.
import { Link } from 'react-router';
import {
  NEW_HOUSE_PRICE_STALE_DAYS,
  roomLabel,
  type ManagerRow,
  type NewHouseDetailBody,
  type NewHousePriceListBody,
} from '@fjt/domain';
import { EstateCover } from '../../components/estate-cover/EstateCover.tsx';
import { area, monthTitle, rate, totalPrice, unitPrice } from '../../lib/display.ts';
import { dayTitle, statusClass, totalRange } from './format.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { Card } from '../../components/card/Card.tsx';

export function ProjectHead({ detail }: { detail: NewHouseDetailBody }) {
  const { project } = detail;
  const tags = project.tags.filter((t) => t !== project.saleStatus);
  return (
    <header className="nh-dossier-head">
      <div className="nh-gallery" aria-label="楼盘相册">
        <EstateCover id={project.id} name={project.name} district={project.districtName} size="large" />
        <span className="nh-gallery__note">效果图以售楼处公示为准</span>
      </div>
      <h1>
        {project.name}
        <span className={statusClass(project.saleStatus)}>{project.saleStatus}</span>
      </h1>
      <p className="nh-dossier-head__where">
        {project.districtName} · {project.plateName} · {project.propertyType}
        {project.decoration ? ` · ${project.decoration}` : ''}
      </p>
      {tags.length > 0 ? (
        <p className="nh-card__tags">
          {tags.map((t) => (
            <span key={t}>{t}</span>
          ))}
        </p>
      ) : null}
    </header>
  );
}

export function PriceBlock({ detail }: { detail: NewHouseDetailBody }) {
  const { project } = detail;
  return (
    <Card flush label="价格">
      <div className="nh-price">
        <div>
          <p className="nh-price__label">参考均价</p>
          <p className="nh-price__value">{project.avgPrice !== null ? unitPrice(project.avgPrice) : '价格待定'}</p>
        </div>
        <div>
          <p className="nh-price__label">总价段</p>
          <p className="nh-price__total">{totalRange(project.totalPriceMin, project.totalPriceMax)}/套</p>
        </div>
      </div>
      <p className={project.priceStale ? 'nh-price__updated nh-stale' : 'nh-price__updated'}>
        价格更新时间：{dayTitle(project.priceUpdatedAt)}
        {project.priceStale
          ? `（已超过${NEW_HOUSE_PRICE_STALE_DAYS}天未更新，请以售楼处最新报价为准）`
          : project.priceAgeDays !== null
            ? `（${project.priceAgeDays}天前）`
            : ''}
      </p>
    </Card>
  );
}

export function DatesBlock({ detail }: { detail: NewHouseDetailBody }) {
  const { project } = detail;
  return (
    <Card flush title="开盘与交房">
      <dl className="nh-facts">
        <div>
          <dt>开盘时间</dt>
          <dd>{dayTitle(project.openingDate)}</dd>
        </div>
        <div>
          <dt>交房时间</dt>
          <dd>{dayTitle(project.deliveryDate)}</dd>
        </div>
        {project.lottery ? (
          <>
            <div>
              <dt>摇号日期</dt>
              <dd>{dayTitle(project.lottery.date)}</dd>
            </div>
            <div>
              <dt>摇号房源 / 登记</dt>
              <dd>
                {project.lottery.units}套 / {project.lottery.registrants}人（{project.lottery.ratio}:1）
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      <h3 className="nh-subtitle">预售许可证</h3>
      {project.presalePermits.length === 0 ? (
        <p className="nh-hint">暂未取得预售许可证，取证后第一时间通知你</p>
      ) : (
        <ul className="nh-permits" aria-label="预售许可证">
          {project.presalePermits.map((p) => (
            <li key={p.no}>
              <span>{p.no}</span>
              <small>
                {dayTitle(p.issuedAt)}发证 · {p.units}套
              </small>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function UnitTypesBlock({ detail }: { detail: NewHouseDetailBody }) {
  return (
    <Card flush title={`户型（${detail.unitTypes.length}）`} label="户型">
      <ul className="nh-units">
        {detail.unitTypes.map((u) => (
          <li key={u.id}>
            <p className="nh-units__name">
              <strong>{u.name}</strong>
              <span className={statusClass(u.status)}>{u.status}</span>
            </p>
            <p>
              {roomLabel(u.rooms, u.halls)}
              {u.baths}卫 · {area(u.area)}
              {u.orientation ? ` · 朝${u.orientation}` : ''}
            </p>
            <p className="nh-units__price">约{totalPrice(u.totalPrice)}/套</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function PriceListBlock({ priceList }: { priceList: NewHousePriceListBody }) {
  return (
    <Card flush title="一房一价">
      <p className="nh-hint">
        {priceList.published ? '已公示一房一价' : '尚未公示一房一价'}
        ，以下为各户型参考价（总价 ÷ 面积得出单价）；分楼栋明细以售楼处公示为准
      </p>
      <DataTable>
        <thead>
          <tr>
            <th>户型</th>
            <th>面积</th>
            <th>参考总价</th>
            <th>单价</th>
            <th>状态</th>
          </tr>
        </thead>
        <tbody>
          {priceList.list.map((u) => (
            <tr key={u.id}>
              <td>
                {u.name} {roomLabel(u.rooms, u.halls)}
              </td>
              <td>{area(u.area)}</td>
              <td>{totalPrice(u.totalPrice)}</td>
              <td>{unitPrice(u.unitPrice)}</td>
              <td>{u.status}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Card>
  );
}

export function PlanningBlock({ detail }: { detail: NewHouseDetailBody }) {
  const { project } = detail;
  const facts: [string, string][] = [
    ['容积率', project.plotRatio?.toFixed(2) ?? '--'],
    ['绿化率', project.greeningRate !== null ? `${Math.round(project.greeningRate * 100)}%` : '--'],
    ['规划户数', project.householdCount !== null ? `${project.householdCount}户` : '--'],
    ['产权年限', project.tenureYears !== null ? `${project.tenureYears}年` : '--'],
    ['开发商', project.developer ?? '--'],
    ['物业公司', project.propertyCompany ?? '--'],
    ['物业费', project.propertyFee !== null ? `${project.propertyFee.toFixed(1)}元/㎡·月` : '--'],
    ['装修', project.decoration ?? '--'],
  ];
  return (
    <Card flush title="规划信息">
      <dl className="nh-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** 新房 vs 二手: '高35.2%' / '低4.0%' / '持平'. */
export function premiumText(pct: number | null): string {
  if (pct === null) return '--';
  if (pct === 0) return '持平';
  return `${pct > 0 ? '高' : '低'}${Math.abs(pct).toFixed(1)}%`;
}

export function ResaleCompareBlock({ cityId, detail }: { cityId: number; detail: NewHouseDetailBody }) {
  const { project, nearbyResale } = detail;
  const diff = rate(nearbyResale.premiumPct);
  return (
    <Card flush title="周边二手房对比">
      <dl className="nh-facts">
        <div>
          <dt>本楼盘参考均价</dt>
          <dd>{unitPrice(project.avgPrice)}</dd>
        </div>
        <div>
          <dt>
            {nearbyResale.plateName}板块二手挂牌均价{nearbyResale.month ? `（${monthTitle(nearbyResale.month)}）` : ''}
          </dt>
          <dd>{unitPrice(nearbyResale.listingAvg)}</dd>
        </div>
        <div>
          <dt>板块二手成交均价</dt>
          <dd>{unitPrice(nearbyResale.dealAvg)}</dd>
        </div>
        <div>
          <dt>新房较二手挂牌</dt>
          <dd className={diff.className}>{premiumText(nearbyResale.premiumPct)}</dd>
        </div>
      </dl>
      <p className="nh-hint">
        <Link to={`/${cityId}/house-new?districtId=${project.districtId}`}>看看同区域其他新房</Link>
      </p>
    </Card>
  );
}

export function ManagerList({ cityId, managers }: { cityId: number; managers: ManagerRow[] }) {
  return (
    <ul className="nh-managers" aria-label="置业顾问">
      {managers.map((m) => (
        <li key={m.id}>
          <Link to={`/${cityId}/manager/${m.id}`} className="nh-managers__who">
            <span className="nh-avatar" aria-hidden="true">
              {m.name.slice(0, 1)}
            </span>
            <span>
              <strong>{m.name}</strong>
              <small>
                {m.developer} · 评分{m.rating.toFixed(1)} · 响应率{Math.round(m.responseRate * 100)}%
              </small>
            </span>
          </Link>
          <Link className="btn" to={`/im?userid=${encodeURIComponent(m.imId)}&username=${encodeURIComponent(m.name)}`}>
            咨询
          </Link>
        </li>
      ))}
    </ul>
  );
}
