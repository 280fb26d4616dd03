// /estimate 房屋估价 (PAGES.md §3.7): what is this home worth? Pick the estate (search/suggest), say the home
// (面积, 室厅, 楼层/总层, 朝向, 装修, and for 历史估价 a past month), and POST estate/create stores the valuation and
// opens its result. The page is the same for everyone (the loader reads only ?estateId); my recent valuations
// come from the API in the browser. A visitor is sent to login on submit, the form kept in the URL.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DECORATIONS,
  ORIENTATIONS,
  SITE_DESCRIPTION,
  pageTitle,
  type EstimateRecord,
  type EstimateRecordList,
} from '@fjt/domain';
import type { Route } from './+types/estimate';
import { EstatePicker, type PickedEstate } from '../../components/estate-picker/EstatePicker.tsx';
import { pickerData } from '../../components/estate-picker/picker-data.ts';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { showToast } from '../../lib/toast.ts';
import {
  checkForm,
  formFromQuery,
  formQuery,
  type FormErrors,
  type HomeForm,
} from '../../features/estimate/home-form.ts';
import { MethodNote } from '../../features/estimate/ValuationResult.tsx';
import { RecordItem, recordHref } from '../../features/estimate/RecordItem.tsx';
import '../../components/lead-form/lead-form.css';
import '../../features/estimate/estimate.css';

const RECENT = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await pickerData(context.services, new URL(request.url));
  // the city's deals load while the form is filled in, not when it is sent
  if (data.askedCityId !== null) context.services.valuation?.warm(data.askedCityId);
  return data;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const estate = loaderData?.estate;
  return [
    { title: pageTitle(estate ? `${estate.name}房屋估价` : '房屋估价') },
    {
      name: 'description',
      content: `输入小区、面积、楼层、朝向，按真实成交估算房屋价值，给出80%区间和可信度。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function EstimatePage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId, estate: prefilled } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const cityId = useVisitCity(
    askedCityId,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name;
  const [estate, setEstate] = useState<PickedEstate | null>(prefilled);
  const [form, setForm] = useState<HomeForm>(() => formFromQuery(new URLSearchParams(location.search)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setEstate(prefilled), [prefilled]);

  const set = (key: keyof HomeForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkForm(estate?.id ?? null, form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (viewer.status !== 'user') {
      void navigate(loginHref(`/estimate?${formQuery(estate?.id ?? null, form)}`));
      return;
    }
    setBusy(true);
    const res = await callApi<EstimateRecord>('estimate/create', checked.input);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      showToast(res.errMsg || '估价失败，请稍后重试');
      return;
    }
    void navigate(recordHref({ recordId: res.body.recordId, estateId: res.body.estate.id }));
  };

  return (
    <main className="est-page" data-testid="estimate-page">
      <header className="est-hero">
        <h1>房屋估价</h1>
        <p>按本小区真实成交估算这套房现在（或过去某月）值多少钱，附80%可能区间和可信度。</p>
      </header>

      <form className="est-form" onSubmit={submit} noValidate aria-label="房屋信息">
        <div className="est-form__city">
          <span>
            当前城市：<strong>{cityName ?? '…'}</strong>
          </span>
          <Link to={`/citylist?redirect=${encodeURIComponent('/estimate')}`}>切换城市 ›</Link>
        </div>
        {cityId === null ? (
          <RowsSkeleton count={2} />
        ) : (
          <EstatePicker
            cityId={cityId}
            picked={estate}
            onPick={(e) => {
              setEstate(e);
              setErrors((x) => ({ ...x, estateId: undefined }));
            }}
          />
        )}
        <FieldError message={errors.estateId} />

        <label className="est-field">
          <span className="est-field__label">建筑面积</span>
          <input
            className="est-field__input"
            name="area"
            inputMode="decimal"
            placeholder="例如 89.5"
            value={form.area}
            maxLength={8}
            onChange={(e) => set('area')(e.target.value)}
            aria-invalid={errors.area ? true : undefined}
          />
          <span className="est-field__unit">㎡</span>
        </label>
        <FieldError message={errors.area} />

        <div className="est-field">
          <span className="est-field__label">户型</span>
          <Stepper label="室" value={form.rooms} min={1} max={9} onChange={set('rooms')} />
          <Stepper label="厅" value={form.halls} min={0} max={9} onChange={set('halls')} />
        </div>
        <FieldError message={errors.rooms ?? errors.halls} />

        <div className="est-field">
          <span className="est-field__label">楼层</span>
          <input
            className="est-field__input est-field__input--short"
            name="floor"
            inputMode="numeric"
            placeholder="所在层"
            value={form.floor}
            maxLength={4}
            onChange={(e) => set('floor')(e.target.value)}
            aria-label="所在楼层"
            aria-invalid={errors.floor ? true : undefined}
          />
          <span className="est-field__sep">/</span>
          <input
            className="est-field__input est-field__input--short"
            name="totalFloors"
            inputMode="numeric"
            placeholder="总层数"
            value={form.totalFloors}
            maxLength={3}
            onChange={(e) => set('totalFloors')(e.target.value)}
            aria-label="总楼层"
            aria-invalid={errors.totalFloors ? true : undefined}
          />
          <span className="est-field__unit">层</span>
        </div>
        <FieldError message={errors.floor ?? errors.totalFloors} />

        <Chips label="朝向" options={ORIENTATIONS} value={form.orientation} onChange={set('orientation')} />
        <Chips
          label="装修"
          options={[...DECORATIONS, '']}
          names={{ '': '不确定' }}
          value={form.decoration}
          onChange={set('decoration')}
        />

        <label className="est-field">
          <span className="est-field__label">估价月份</span>
          <input
            className="est-field__input"
            name="asOf"
            type="month"
            value={form.asOf}
            onChange={(e) => set('asOf')(e.target.value)}
            aria-invalid={errors.asOf ? true : undefined}
          />
          {form.asOf ? (
            <button type="button" className="est-field__clear" onClick={() => set('asOf')('')}>
              最新
            </button>
          ) : (
            <span className="est-field__hint">不填为最新月份</span>
          )}
        </label>
        <FieldError message={errors.asOf} />

        <button type="submit" className="est-form__submit" disabled={busy} data-testid="estimate-submit">
          {busy ? '正在估价…' : '开始估价'}
        </button>
        <p className="est-hint est-form__note">估价仅供参考；历史估价可查看当年买入时的价值。</p>
      </form>

      {viewer.status === 'user' ? <Recent /> : null}
      <MethodNote />
    </main>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="est-field__error" role="alert">
      {message}
    </p>
  ) : null;
}

function Stepper({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min: number;
  max: number;
  onChange: (v: string) => void;
}) {
  const n = Number(value) || 0;
  return (
    <span className="est-stepper">
      <button type="button" aria-label={`${label}减一`} disabled={n <= min} onClick={() => onChange(String(n - 1))}>
        −
      </button>
      <span className="num" aria-live="polite">
        {n}
        {label}
      </span>
      <button type="button" aria-label={`${label}加一`} disabled={n >= max} onClick={() => onChange(String(n + 1))}>
        +
      </button>
    </span>
  );
}

function Chips({
  label,
  options,
  names = {},
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  names?: Record<string, string>;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="est-field est-field--chips" role="radiogroup" aria-label={label}>
      <span className="est-field__label">{label}</span>
      <span className="est-chips">
        {options.map((o) => (
          <button
            key={o || 'none'}
            type="button"
            role="radio"
            aria-checked={o === value}
            className={`lead-chip${o === value ? ' lead-chip--on' : ''}`}
            onClick={() => onChange(o)}
          >
            {names[o] ?? o}
          </button>
        ))}
      </span>
    </div>
  );
}

/** My three newest valuations, and the way to all of them. */
function Recent() {
  const { state } = useApi<EstimateRecordList>('app/estate/evaluation?page=1');
  if (state.status !== 'ready' || state.body.total === 0) return null;
  return (
    <section className="est-recent" aria-label="我的估价" data-testid="estimate-recent">
      <h2>
        我的估价
        <Link to="/profile/appraisal">全部{state.body.total}条 ›</Link>
      </h2>
      <ul className="est-records">
        {state.body.list.slice(0, RECENT).map((r) => (
          <RecordItem key={r.recordId} record={r} />
        ))}
      </ul>
    </section>
  );
}
