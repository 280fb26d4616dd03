// /tools/integral's form for a city with a points rule (上海): 家庭, 户籍, 在沪住房, 5年内购房记录, 累计社保月数
// and the 社保分系数 (set per project, so editable) → /tools/integral/result with the state in the query.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { POLICY_MESSAGES, type LotteryRule } from '@fjt/domain';
import { Chips, NumberField } from './Chips.tsx';
import { parseDecimal } from './CityBar.tsx';

type YesNo = '1' | '0';

export function PointsForm({ rule }: { rule: LotteryRule }) {
  const navigate = useNavigate();
  const [family, setFamily] = useState<'family' | 'single' | null>(null);
  const [hukou, setHukou] = useState<'local' | 'nonlocal' | null>(null);
  const [home, setHome] = useState<YesNo | null>(null);
  const [record, setRecord] = useState<YesNo | null>(null);
  const [social, setSocial] = useState('');
  const [k, setK] = useState(String(rule.socialCoefficient.default));
  const [tried, setTried] = useState(false);

  const socialBad = social !== '' && (!/^\d{1,3}$/.test(social) || Number(social) > 600);
  const kValue = parseDecimal(k);
  const kBad =
    k !== '' &&
    (kValue === null ||
      Number.isNaN(kValue) ||
      kValue < rule.socialCoefficient.min ||
      kValue > rule.socialCoefficient.max);
  const errors = {
    family: tried && !family ? '请选择家庭状况' : null,
    hukou: tried && !hukou ? '请选择户籍' : null,
    home: tried && !home ? '请选择在沪是否有房' : null,
    record: tried && !record ? '请选择5年内是否有购房记录' : null,
    social: socialBad
      ? '社保月数须为 0 到 600 之间的整数'
      : tried && social === ''
        ? '请填写累计社保月数，没有填 0'
        : null,
    k: kBad ? POLICY_MESSAGES.coefficient : null,
  };

  const submit = () => {
    setTried(true);
    if (!family || !hukou || !home || !record || social === '' || socialBad || kBad) return;
    const q = new URLSearchParams({ cityId: String(rule.cityId), family, hukou, home, record, social });
    if (k !== '') q.set('k', k);
    void navigate(`/tools/integral/result?${q.toString()}`);
  };
  const yesNo = [
    { value: '0' as const, label: '无' },
    { value: '1' as const, label: '有' },
  ];

  return (
    <form
      className="pl-card pl-form"
      aria-label="积分计算"
      data-testid="points-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Chips
        name="family"
        label="家庭状况"
        options={[
          { value: 'family', label: '居民家庭' },
          { value: 'single', label: '成年单身' },
        ]}
        value={family}
        onChange={setFamily}
        error={errors.family}
      />
      <Chips
        name="hukou"
        label="户籍"
        options={[
          { value: 'local', label: '沪籍' },
          { value: 'nonlocal', label: '非沪籍' },
        ]}
        value={hukou}
        onChange={setHukou}
        error={errors.hukou}
      />
      <Chips name="home" label="名下在沪住房" options={yesNo} value={home} onChange={setHome} error={errors.home} />
      <Chips
        name="record"
        label="5年内在沪购房记录"
        options={yesNo}
        value={record}
        onChange={setRecord}
        error={errors.record}
      />
      <NumberField
        name="social"
        label="在沪累计缴纳社保（2003年1月起）"
        unit="个月"
        placeholder="如 120"
        value={social}
        onChange={(x) => setSocial(x.trim())}
        error={errors.social}
      />
      <NumberField
        name="k"
        label="社保分系数（假定值）"
        unit="分/月"
        value={k}
        onChange={setK}
        error={errors.k}
        hint={rule.socialCoefficient.note}
      />
      <button type="submit" className="btn btn-primary pl-form__submit">
        计算积分
      </button>
    </form>
  );
}
