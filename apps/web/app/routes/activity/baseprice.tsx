// /activity/baseprice 底价揭秘 (PAGES.md §3.11, §3.13): a lead campaign. The visitor picks an estate and leaves a
// phone; an agent serving the estate reports the owners' 底价 range within 24 hours (the demand call, source
// 'baseprice'). The city is ?cityId, else the visit's city, else the default (lib/visit-city.ts); ?estateId
// prefills the estate (and its city). The loader reads only what the URL names: the same for every visitor.
import { useState } from 'react';
import { Link } from 'react-router';
import { LEAD_SLA_HOURS, NUMBER_PROTECTION_NOTE, SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/baseprice';
import { BasepriceForm } from '../../features/baseprice/BasepriceForm.tsx';
import { pickerData } from '../../components/estate-picker/picker-data.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import '../../components/lead-form/lead-form.css';
import '../../features/baseprice/baseprice.css';

const PATH = '/activity/baseprice';

export async function loader({ request, context }: Route.LoaderArgs) {
  return pickerData(context.services, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const estate = loaderData?.estate;
  return [
    { title: pageTitle(estate ? `${estate.name}底价揭秘` : '底价揭秘') },
    {
      name: 'description',
      content: `底价揭秘：选择小区、留下手机号，服务该小区的经纪人${LEAD_SLA_HOURS}小时内为您反馈业主底价区间。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function BasepricePage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId, estate } = loaderData;
  const cityIds = cities.map((c) => c.id);
  const cityId = useVisitCity(askedCityId, cityIds);
  const cityName = cities.find((c) => c.id === cityId)?.name;
  /** Each round is a new form (再查一个小区): a fresh phone check and Idempotency-Key. */
  const [round, setRound] = useState(0);

  return (
    <main className="bp-page" data-testid="baseprice-page">
      <header className="bp-hero">
        <h1>底价揭秘</h1>
        <p className="bp-hero__lead">
          底价是业主愿意接受的最低成交价，通常低于挂牌价，也不会写在房源信息里。选好小区、留下手机号，服务该小区的经纪人会在
          {LEAD_SLA_HOURS}小时内告诉您业主的底价区间。
        </p>
        <ol className="bp-steps" aria-label="流程">
          <li>选择小区</li>
          <li>留下手机号</li>
          <li>{LEAD_SLA_HOURS}小时内反馈底价区间</li>
        </ol>
      </header>
      <div className="bp-city" data-testid="bp-city">
        <span>
          当前城市：<strong>{cityName ?? '…'}</strong>
        </span>
        <Link to={`/citylist?redirect=${encodeURIComponent(PATH)}`}>切换城市 ›</Link>
      </div>
      {cityId === null ? (
        <RowsSkeleton count={2} />
      ) : (
        <BasepriceForm
          key={`${cityId}-${round}`}
          cityId={cityId}
          initialEstate={round === 0 && estate?.cityId === cityId ? estate : null}
          onRestart={() => setRound((r) => r + 1)}
        />
      )}
      <section className="bp-notes" aria-label="说明">
        <h2>说明</h2>
        <ul>
          <li>经纪人反馈的底价区间来自业主的报价意向，仅供议价参考，以实际成交为准。</li>
          <li>{NUMBER_PROTECTION_NOTE}，您的真实号码不会展示给经纪人。</li>
          <li>
            不想再被联系？随时在<Link to="/profile">「我的」</Link>中点击「不再联系我」。
          </li>
        </ul>
      </section>
    </main>
  );
}
