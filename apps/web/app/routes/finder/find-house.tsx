// /{city}/find-house 帮我找房 (PAGES.md §3.1), a budget-first wizard: "where can I afford?". Step 1 the budget
// (万), step 2 districts (each with how many of its plates fit), step 3 room type, area and purpose; then the
// plates whose typical total fits. Every step is a link carrying the whole state in the URL. 委托找房 hands the
// search to a contracted house-search agent (the contractor sheet).
import { Form, Link, data } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, parseCityId, type FindPurpose } from '@fjt/domain';
import type { Route } from './+types/find-house';
import { PlateFitList } from '../../features/finder/PlateFitList.tsx';
import {
  BUDGET_PRESETS,
  findHref,
  readChoices,
  toQuery,
  toggleId,
  type FindKey,
} from '../../features/finder/find-house-params.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ContractorEntry } from '../../components/lead-form/LazyContractorSheet.tsx';
import '../../features/finder/finder.css';

const PURPOSES: { value: FindPurpose; label: string }[] = [
  { value: 'home', label: '自住' },
  { value: 'invest', label: '投资' },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data(null, { status: 404 });
  const { finder, geo, config } = context.services;
  const [city, condition] = await Promise.all([geo.getCity(cityId), config.complexCondition(cityId)]);
  if (!city) throw data(null, { status: 404 });
  const chosen = readChoices(cityId, new URL(request.url).searchParams);
  const query = toQuery(cityId, chosen);
  const groups = condition?.groups ?? [];
  const options = (key: string) => groups.find((g) => g.key === key)?.options ?? [];
  const base = { cityId, cityName: city.name, chosen, rooms: options('roomType'), areas: options('area') };
  if (!query) return { ...base, districts: null, plates: null };
  const { districtIds, purpose: _purpose, ...districtQuery } = query;
  const [districts, plates] = await Promise.all([
    finder.findDistricts(districtQuery),
    // A district id from another city is dropped rather than failing the page.
    finder.findPlates(query).then((r) => r ?? finder.findPlates({ ...query, districtIds: undefined })),
  ]);
  return { ...base, districts, plates, districtIds: districtIds ?? [] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData ? `${loaderData.cityName}帮我找房` : '帮我找房';
  return [
    { title: pageTitle(title) },
    { name: 'description', content: `${title}：输入预算，看看哪些区域和板块买得起。${SITE_DESCRIPTION}` },
  ];
};

export default function FindHousePage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, chosen, rooms, areas, districts, plates } = loaderData;
  const href = (change: Partial<Record<FindKey, string | undefined>>) => findHref(cityId, chosen, change);
  const selectedDistricts = new Set((chosen.districtIds ?? '').split(',').filter(Boolean));
  const purpose: FindPurpose = chosen.purpose === 'invest' ? 'invest' : 'home';
  return (
    <main className="finder">
      <header className="finder-head">
        <h1>{cityName}帮我找房</h1>
        <p className="finder-head__explain">先定预算，再看哪些区域和板块买得起。</p>
        <ContractorEntry cityId={cityId} lead="不想自己挑？把需求交给平台签约的找房顾问" />
      </header>

      <section className="finder-step" aria-label="第一步：预算">
        <h2>
          <span className="step-no">1</span>你的总价预算
        </h2>
        <Form method="get" className="finder-budget">
          {(['districtIds', 'roomType', 'area', 'purpose'] as const).map((k) =>
            chosen[k] ? <input key={k} type="hidden" name={k} value={chosen[k]} /> : null,
          )}
          <label>
            <input
              type="number"
              name="budget"
              inputMode="numeric"
              min={10}
              max={100000}
              defaultValue={chosen.budget ?? ''}
              placeholder="输入预算"
              aria-label="总价预算（万）"
            />
            万
          </label>
          <button type="submit" className="btn btn-primary">
            看看买哪里
          </button>
        </Form>
        <div className="finder-chips" aria-label="常用预算">
          {BUDGET_PRESETS.map((b) => (
            <Link
              key={b}
              to={href({ budget: String(b) })}
              aria-current={chosen.budget === String(b) ? 'true' : undefined}
            >
              {b}万
            </Link>
          ))}
        </div>
      </section>

      {plates && plates.list.length > 0 ? (
        <a className="finder-jump" href="#finder-results">
          {chosen.budget}万能买{plates.list.length}个板块，查看结果 ↓
        </a>
      ) : null}

      {districts ? (
        <section className="finder-step" aria-label="第二步：区域">
          <h2>
            <span className="step-no">2</span>想在哪些区域（可多选）
          </h2>
          <div className="finder-chips finder-chips--districts">
            <Link
              to={href({ districtIds: undefined })}
              aria-current={selectedDistricts.size === 0 ? 'true' : undefined}
            >
              不限
            </Link>
            {districts.list.map((d) => (
              <Link
                key={d.id}
                to={href({ districtIds: toggleId(chosen.districtIds, d.id) })}
                aria-current={selectedDistricts.has(String(d.id)) ? 'true' : undefined}
                className={d.fittingPlates === 0 ? 'is-out' : undefined}
              >
                {d.name}
                <small>{d.fittingPlates > 0 ? `${d.fittingPlates}个板块` : '预算不足'}</small>
              </Link>
            ))}
          </div>
        </section>
      ) : null}

      {districts ? (
        <section className="finder-step" aria-label="第三步：户型、面积与用途">
          <h2>
            <span className="step-no">3</span>户型、面积与用途
          </h2>
          <div className="finder-chips" aria-label="户型">
            <Link to={href({ roomType: undefined })} aria-current={!chosen.roomType ? 'true' : undefined}>
              不限户型
            </Link>
            {rooms.map((r) => (
              <Link
                key={r.value}
                to={href({ roomType: r.value })}
                aria-current={chosen.roomType === r.value ? 'true' : undefined}
              >
                {r.label}
              </Link>
            ))}
          </div>
          <div className="finder-chips" aria-label="面积">
            <Link to={href({ area: undefined })} aria-current={!chosen.area ? 'true' : undefined}>
              不限面积
            </Link>
            {areas.map((a) => (
              <Link
                key={a.value}
                to={href({ area: a.value })}
                aria-current={chosen.area === a.value ? 'true' : undefined}
              >
                {a.label}
              </Link>
            ))}
          </div>
          <div className="finder-chips" aria-label="用途">
            {PURPOSES.map((p) => (
              <Link
                key={p.value}
                to={href({ purpose: p.value === 'home' ? undefined : p.value })}
                aria-current={purpose === p.value ? 'true' : undefined}
              >
                {p.label}
              </Link>
            ))}
          </div>
        </section>
      ) : null}

      {plates ? (
        <section className="finder-results" id="finder-results" aria-label="找房结果">
          <h2>
            {plates.list.length > 0
              ? `${chosen.budget}万能买的板块 ${plates.list.length}个`
              : `${chosen.budget}万暂时没有合适的板块`}
          </h2>
          <p className="finder__count">
            {purpose === 'invest' ? '按租金回报率排列' : '按预算内在售套数排列'}
            ，板块均价为{plates.month ? `${plates.month.replace('-', '年')}月` : '最新'}挂牌均价
          </p>
          {plates.list.length > 0 ? (
            <PlateFitList cityId={cityId} plates={plates.list} purpose={purpose} />
          ) : (
            <EmptyState
              frame="plain"
              art="search"
              action={
                <>
                  {plates.minBudget ? (
                    <Link className="btn btn-primary" to={href({ budget: String(plates.minBudget) })}>
                      把预算提高到{plates.minBudget}万试试
                    </Link>
                  ) : null}
                  {chosen.districtIds || chosen.roomType || chosen.area ? (
                    <Link className="btn" to={href({ districtIds: undefined, roomType: undefined, area: undefined })}>
                      放宽区域和户型
                    </Link>
                  ) : null}
                </>
              }
            />
          )}
        </section>
      ) : (
        <EmptyState art="search" title="选一个预算，马上看到买得起的区域和板块" />
      )}
    </main>
  );
}
