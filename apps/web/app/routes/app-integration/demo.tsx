// /demo 组件展示 (PAGES.md §3.15, behind the debug flag, noindex in pages.ts): the app's own components with mock
// data kept in this page only — price header, rate arrows, charts, cards, filters, overlays, the deal-price modal
// and the order sheet (their parts with mock estates, no calls), toasts and the standard states. With the flag
// off (context.debugPages false, a deployment) the page is a 404.
import { useState } from 'react';
import {
  MISSING_VALUE,
  PRICE_GUIDE_TEXT,
  formatRate,
  pageTitle,
  type CityOverview,
  type ConditionGroup,
  type RecommendedEstate,
  SITE_DESCRIPTION,
} from '@fjt/domain';
import type { Route } from './+types/demo';
import { PriceCard } from '../../features/city-home/PriceCard.tsx';
import { Card } from '../../components/card/Card.tsx';
import { EstateFiguresCard, type EstateFigures } from '../../components/estate-card/EstateCard.tsx';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { demoLoader } from '../../features/app-integration/demo.server.ts';
import { DEAL, LISTING, MONTHS } from '../../features/app-integration/demo-data.ts';
import { FilterBar, type FilterSlot } from '../../components/filter-bar/FilterBar.tsx';
import { PriceGuidePopup } from '../../components/price-guide/PriceGuidePopup.tsx';
import { ShareGuide } from '../../components/share-guide/ShareGuide.tsx';
import { LeadSheet } from '../../components/lead-form/LeadSheet.tsx';
import { EstateChecklist } from '../../components/lead-form/EstateChecklist.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ErrorPage } from '../../components/error-page/ErrorPage.tsx';
import { DownloadBanner } from '../../components/download-banner/DownloadBanner.tsx';
import '../../features/city-home/city-home.css';
import '../../features/app-integration/app-integration.css';
import { pagePurpose } from '../../page-purposes.ts';

const MOCK_OVERVIEW: CityOverview = {
  cityId: 0,
  cityName: '示例市',
  month: '2026-12',
  listingAvg: 31420,
  dealAvg: 29260,
  listingMom: 0.2,
  dealMom: -0.4,
  premium: 1.08,
  listingCount: 12034,
  dealCount: 1820,
  trend: MONTHS.map((month, i) => ({ month, listingAvg: LISTING[i] ?? null, dealAvg: DEAL[i] ?? null })),
};

const MOCK_ESTATES: EstateFigures[] = [
  {
    id: 1,
    cityId: 0,
    name: '示例花园',
    districtName: '示例区',
    plateName: '中心板块',
    listingAvg: 45210,
    listingMom: 1.3,
    dealAvg: 43800,
    dealMom: -0.6,
  },
  {
    id: 2,
    cityId: 0,
    name: '一个名字特别特别长的示例小区三期东苑',
    districtName: '示例区',
    plateName: '新城板块',
    listingAvg: null,
    listingMom: null,
    dealAvg: null,
    dealMom: null,
  },
];

const MOCK_RECOMMENDED: RecommendedEstate[] = [
  {
    id: 11,
    cityId: 0,
    houseName: '示例雅苑',
    picList: [],
    roomCount: 3,
    livingRoomCount: 2,
    area: 98.5,
    avgPrice: 38600,
    totalPriceMillion: 380,
  },
  {
    id: 12,
    cityId: 0,
    houseName: '示例新村',
    picList: [],
    roomCount: 2,
    livingRoomCount: 1,
    area: 62,
    avgPrice: null,
    totalPriceMillion: null,
  },
  {
    id: 13,
    cityId: 0,
    houseName: '示例公寓',
    picList: [],
    roomCount: null,
    livingRoomCount: null,
    area: null,
    avgPrice: 27100,
    totalPriceMillion: 150,
  },
];

const MOCK_GROUPS: ConditionGroup[] = [
  {
    key: 'order',
    name: '排序',
    multiple: false,
    options: [
      { value: '1', label: '默认排序' },
      { value: '2', label: '均价从低到高' },
      { value: '3', label: '均价从高到低' },
    ],
  },
  {
    key: 'price',
    name: '总价',
    multiple: false,
    options: [
      { value: '0-200', label: '200万以下' },
      { value: '200-400', label: '200-400万' },
      { value: '400-', label: '400万以上' },
    ],
  },
  {
    key: 'houseType',
    name: '户型',
    multiple: false,
    options: [
      { value: '1', label: '一室' },
      { value: '2', label: '二室' },
      { value: '3', label: '三室' },
    ],
  },
];
const SLOTS: FilterSlot[] = [
  { key: 'order', title: '排序', group: 'order', clearable: false },
  { key: 'price', title: '总价', group: 'price', clearable: true },
  { key: 'houseType', title: '户型', group: 'houseType', clearable: true },
];

export function loader({ context }: Route.LoaderArgs) {
  return demoLoader(context.debugPages);
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('组件展示') },
  { name: 'description', content: `${pagePurpose('demo') ?? ''}${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card title={title} id={`demo-${id}`}>
      {children}
    </Card>
  );
}

export default function DemoPage({ loaderData }: Route.ComponentProps) {
  const [guide, setGuide] = useState(false);
  const [share, setShare] = useState(false);
  const [modal, setModal] = useState(false);
  const [order, setOrder] = useState(false);
  const [filters, setFilters] = useState<Record<string, string | undefined>>({ order: '1' });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set(MOCK_RECOMMENDED.map((e) => e.id)));
  const [state, setState] = useState<'loading' | 'empty' | 'error'>('loading');
  const toggle = (id: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toast = async (text: string) => (await import('../../lib/toast.ts')).showToast(text);
  const sheet = async () => {
    const { chooseAction } = await import('../../lib/action-sheet.ts');
    const chosen = await chooseAction([
      { key: 'wechat', text: '微信好友' },
      { key: 'copy', text: '复制链接' },
    ]);
    if (chosen) void toast(`选择了：${chosen === 'copy' ? '复制链接' : '微信好友'}`);
  };

  return (
    <main className="app-landing demo-page" data-testid="demo-page">
      <h1 className="visually-hidden">组件展示</h1>
      <Section id="banner" title="下载横幅">
        <DownloadBanner />
      </Section>
      <Section id="price" title="价格头部">
        <PriceCard overview={MOCK_OVERVIEW} />
      </Section>
      <Section id="rates" title="涨跌箭头">
        <ul className="app-points" data-testid="demo-rate-list">
          {[2.35, -1.2, 0, null].map((v) => {
            const r = formatRate(v);
            return (
              <li key={String(v)}>
                {v === null ? '缺失' : `${v}%`}：<span className={`trend-${r.trend}`}>{r.text}</span>
              </li>
            );
          })}
          <li>缺失值统一显示：{MISSING_VALUE}</li>
        </ul>
      </Section>
      <Section id="charts" title="图表">
        <SvgChart svg={loaderData.line} label="示例：近12个月挂牌与成交均价" takeaway="挂牌均价近12个月上涨4.3%" />
        <SvgChart svg={loaderData.bar} label="示例：各区成交套数" takeaway="中心区成交最多" />
      </Section>
      <Section id="cards" title="卡片">
        {MOCK_ESTATES.map((e) => (
          <EstateFiguresCard key={e.id} estate={e} />
        ))}
      </Section>
      <Section id="filters" title="筛选">
        <FilterBar
          slots={SLOTS}
          groups={MOCK_GROUPS}
          values={filters}
          onChange={(key, value) => setFilters((f) => ({ ...f, [key]: value }))}
        />
        <p className="app-cta__hint" data-testid="demo-filter-values">
          当前：
          {SLOTS.map(
            (s) =>
              MOCK_GROUPS.find((g) => g.key === s.group)?.options.find((o) => o.value === filters[s.key])?.label ??
              '不限',
          ).join(' / ')}
        </p>
      </Section>
      <Section id="overlays" title="弹层">
        <div className="app-cta">
          <button type="button" className="btn" onClick={() => setGuide(true)}>
            价格说明弹窗
          </button>
          <button type="button" className="btn" onClick={() => setShare(true)}>
            分享引导
          </button>
          <button type="button" className="btn" onClick={() => void sheet()}>
            操作菜单
          </button>
          <button type="button" className="btn" onClick={() => setModal(true)} data-testid="demo-open-modal">
            成交价弹窗
          </button>
          <button type="button" className="btn" onClick={() => setOrder(true)}>
            下单面板
          </button>
          <button type="button" className="btn" onClick={() => void toast('复制成功')} data-testid="demo-toast">
            轻提示
          </button>
        </div>
        <PriceGuidePopup visible={guide} onClose={() => setGuide(false)} />
        <ShareGuide visible={share} onClose={() => setShare(false)} />
        <LeadSheet visible={modal} onClose={() => setModal(false)} title="了解买家真实购买价" testId="demo-deal-modal">
          <p className="app-cta__hint">示例：手机号 138****0000，成交顾问可能会联系您</p>
          <h3 className="lead-section__title">这些房源您也可以一起咨询</h3>
          <p className="lead-section__subtitle">96%看过该房源的用户同时咨询了以下房源</p>
          <EstateChecklist estates={MOCK_RECOMMENDED} checked={checked} onToggle={toggle} />
          <button type="button" className="btn btn-primary" onClick={() => setModal(false)}>
            获取成交价
          </button>
        </LeadSheet>
        <LeadSheet visible={order} onClose={() => setOrder(false)} title="预约服务" testId="demo-order-sheet">
          <p className="app-cta__hint">示例：选择服务与小区（模拟数据，不会提交）</p>
          <EstateChecklist estates={MOCK_RECOMMENDED.slice(0, 2)} checked={checked} onToggle={toggle} />
          <button type="button" className="btn btn-primary" onClick={() => setOrder(false)}>
            提交
          </button>
        </LeadSheet>
        <p className="app-cta__hint">{PRICE_GUIDE_TEXT}</p>
      </Section>
      <Section id="states" title="页面状态">
        <div className="app-cta demo-states" role="group" aria-label="选择状态">
          {(['loading', 'empty', 'error'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s === state ? 'btn btn-primary' : 'btn'}
              aria-pressed={s === state}
              onClick={() => setState(s)}
            >
              {s === 'loading' ? '加载中' : s === 'empty' ? '空状态' : '出错'}
            </button>
          ))}
        </div>
        <div data-testid={`demo-state-${state}`}>
          {state === 'loading' ? <RowsSkeleton count={3} /> : null}
          {state === 'empty' ? <EmptyState art="list" title="暂无符合条件的成交" frame="plain" /> : null}
          {state === 'error' ? <ErrorPage status={500} message="服务器开小差了" /> : null}
        </div>
      </Section>
    </main>
  );
}
