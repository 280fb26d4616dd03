// /activity/qualification's form: 户籍, 连续社保/个税月数, 婚姻, 名下住房套数 and — where the city's rule differs by
// area — 购房区域 (and 多子女 for 北京). Submitted, the state goes into the query and the loader gives the verdict.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MARITAL, MARITAL_LABELS, type Hukou, type Marital, type PurchasePolicy } from '@fjt/domain';
import { Chips, NumberField } from './Chips.tsx';

export interface QualificationValues {
  hukou: Hukou | null;
  social: string;
  marital: Marital | null;
  homes: string;
  zone: string | null;
  multiChild: '1' | '0' | null;
}

const INT = /^\d{1,3}$/;

export function QualificationForm({ policy, initial }: { policy: PurchasePolicy; initial: QualificationValues }) {
  const navigate = useNavigate();
  const [v, setV] = useState<QualificationValues>(initial);
  const [tried, setTried] = useState(false);
  const set = <K extends keyof QualificationValues>(key: K, value: QualificationValues[K]) =>
    setV((s) => ({ ...s, [key]: value }));
  const limited = policy.status === 'limited';

  const errors: Partial<Record<keyof QualificationValues, string>> = {};
  if (v.social !== '' && (!INT.test(v.social) || Number(v.social) > 600))
    errors.social = '社保/个税月数须为 0 到 600 之间的整数';
  if (v.homes !== '' && (!INT.test(v.homes) || Number(v.homes) > 20)) errors.homes = '名下住房须为 0 到 20 之间的整数';
  if (tried) {
    if (!v.hukou) errors.hukou = '请选择户籍';
    if (v.social === '') errors.social = '请填写连续缴纳月数，没有填 0';
    if (!v.marital) errors.marital = '请选择婚姻状况';
    if (v.homes === '') errors.homes = '请填写名下住房套数，没有填 0';
    if (limited && !v.zone) errors.zone = '请选择购房区域';
  }

  const submit = () => {
    setTried(true);
    const ok =
      v.hukou &&
      v.marital &&
      INT.test(v.social) &&
      Number(v.social) <= 600 &&
      INT.test(v.homes) &&
      Number(v.homes) <= 20 &&
      (!limited || v.zone);
    if (!ok) return;
    const q = new URLSearchParams({
      cityId: String(policy.cityId),
      hukou: v.hukou!,
      social: v.social,
      marital: v.marital!,
      homes: v.homes,
    });
    if (limited && v.zone) q.set('zone', v.zone);
    if (policy.cityId === 101 && v.multiChild) q.set('multiChild', v.multiChild);
    void navigate(`/activity/qualification?${q.toString()}`, { preventScrollReset: true });
  };

  return (
    <form
      className="pl-card pl-form"
      aria-label="购房资格测算"
      data-testid="qualification-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Chips
        name="hukou"
        label="户籍"
        options={[
          { value: 'local', label: policy.localWord },
          { value: 'nonlocal', label: '外地户籍' },
        ]}
        value={v.hukou}
        onChange={(x) => set('hukou', x)}
        error={errors.hukou}
      />
      <NumberField
        name="social"
        label="在本市连续缴纳社保或个税"
        unit="个月"
        placeholder="如 24"
        value={v.social}
        onChange={(x) => set('social', x.trim())}
        error={errors.social}
      />
      <Chips
        name="marital"
        label="婚姻状况"
        options={MARITAL.map((m) => ({ value: m, label: MARITAL_LABELS[m] }))}
        value={v.marital}
        onChange={(x) => set('marital', x)}
        error={errors.marital}
      />
      <NumberField
        name="homes"
        label={limited ? '家庭在该区域已有住房' : '家庭名下住房'}
        unit="套"
        placeholder="如 0"
        value={v.homes}
        onChange={(x) => set('homes', x.trim())}
        error={errors.homes}
      />
      {limited ? (
        <Chips
          name="zone"
          label="购房区域"
          options={policy.zones.map((z) => ({ value: z.key, label: z.label }))}
          value={v.zone}
          onChange={(x) => set('zone', x)}
          error={errors.zone}
        />
      ) : null}
      {policy.cityId === 101 ? (
        <Chips
          name="multiChild"
          label="有2个及以上未成年子女"
          options={[
            { value: '1', label: '是' },
            { value: '0', label: '否' },
          ]}
          value={v.multiChild}
          onChange={(x) => set('multiChild', x)}
        />
      ) : null}
      <button type="submit" className="btn btn-primary pl-form__submit">
        查看结果
      </button>
    </form>
  );
}
