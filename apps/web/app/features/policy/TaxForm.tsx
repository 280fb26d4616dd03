// /activity/taxes' form: 总价, 面积, 原值 (optional), the chips (满二/满五, 卖方唯一, 首套/二套) and the buyer's agent
// rate, prefilled with the city's custom. Errors show inline as soon as a field holds something wrong, and for every
// empty required field after 开始计算; a valid form goes to /activity/taxes/answer with its state in the query.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BUYER_HOMES,
  BUYER_HOME_LABELS,
  HOLDINGS,
  HOLDING_LABELS,
  POLICY_MESSAGES,
  cityTaxRule,
  type BuyerHome,
  type Holding,
} from '@fjt/domain';
import { Chips, NumberField } from './Chips.tsx';
import { parseDecimal } from './CityBar.tsx';

export interface TaxFormValues {
  price: string;
  area: string;
  original: string;
  holding: Holding | null;
  only: '1' | '0' | null;
  buyer: BuyerHome | null;
  agent: string;
}

export const EMPTY_TAX_FORM: TaxFormValues = {
  price: '',
  area: '',
  original: '',
  holding: null,
  only: null,
  buyer: null,
  agent: '',
};

type Errors = Partial<Record<keyof TaxFormValues, string>>;

function check(v: TaxFormValues, all: boolean): Errors {
  const e: Errors = {};
  const num = (key: 'price' | 'area' | 'original' | 'agent', max: number, message: string, required: boolean) => {
    const n = parseDecimal(v[key]);
    if (n === null) {
      if (required && all) e[key] = message;
      return;
    }
    if (Number.isNaN(n) || n > max || (key === 'agent' ? n < 0 : n <= 0)) e[key] = message;
  };
  num('price', 100_000, POLICY_MESSAGES.price, true);
  num('area', 2000, POLICY_MESSAGES.area, true);
  num('original', 100_000, POLICY_MESSAGES.original, false);
  num('agent', 5, POLICY_MESSAGES.agentRate, false);
  if (all && !v.holding) e.holding = '请选择持有年限';
  if (all && !v.only) e.only = '请选择卖方是否家庭唯一住房';
  if (all && !v.buyer) e.buyer = '请选择买方首套/二套';
  return e;
}

export function TaxForm({ cityId, initial }: { cityId: number; initial: TaxFormValues }) {
  const navigate = useNavigate();
  const city = cityTaxRule(cityId);
  const [v, setV] = useState<TaxFormValues>(() => ({
    ...initial,
    agent: initial.agent || (city ? String(Number((city.agentBuyerRate * 100).toFixed(2))) : ''),
  }));
  const [tried, setTried] = useState(false);
  const errors = check(v, tried);
  const set = <K extends keyof TaxFormValues>(key: K, value: TaxFormValues[K]) => setV((s) => ({ ...s, [key]: value }));

  const submit = () => {
    setTried(true);
    if (Object.keys(check(v, true)).length > 0) return;
    const q = new URLSearchParams({
      cityId: String(cityId),
      price: v.price.trim(),
      area: v.area.trim(),
      holding: v.holding!,
      only: v.only!,
      buyer: v.buyer!,
    });
    if (v.original.trim()) q.set('original', v.original.trim());
    if (v.agent.trim()) q.set('agent', v.agent.trim());
    void navigate(`/activity/taxes/answer?${q.toString()}`);
  };

  return (
    <form
      className="pl-card pl-form"
      aria-label="税费计算"
      data-testid="tax-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <NumberField
        name="price"
        label="成交总价"
        unit="万元"
        placeholder="如 300"
        value={v.price}
        onChange={(x) => set('price', x)}
        error={errors.price}
      />
      <NumberField
        name="area"
        label="建筑面积"
        unit="㎡"
        placeholder="如 90"
        value={v.area}
        onChange={(x) => set('area', x)}
        error={errors.area}
        hint="140㎡是契税税率的分界线"
      />
      <Chips
        name="holding"
        label="房产证/契税发票满几年"
        options={HOLDINGS.map((h) => ({ value: h, label: HOLDING_LABELS[h] }))}
        value={v.holding}
        onChange={(x) => set('holding', x)}
        error={errors.holding}
      />
      <Chips
        name="only"
        label="卖方家庭唯一住房"
        options={[
          { value: '1', label: '是' },
          { value: '0', label: '否' },
        ]}
        value={v.only}
        onChange={(x) => set('only', x)}
        error={errors.only}
      />
      <Chips
        name="buyer"
        label="买方购房套数"
        options={BUYER_HOMES.map((b) => ({ value: b, label: BUYER_HOME_LABELS[b] }))}
        value={v.buyer}
        onChange={(x) => set('buyer', x)}
        error={errors.buyer}
      />
      <NumberField
        name="original"
        label="卖方购入原价（选填）"
        unit="万元"
        placeholder="不填则个税按核定征收"
        value={v.original}
        onChange={(x) => set('original', x)}
        error={errors.original}
      />
      <NumberField
        name="agent"
        label="中介费率（买方，惯例可协商）"
        unit="%"
        value={v.agent}
        onChange={(x) => set('agent', x)}
        error={errors.agent}
        hint={city?.agentNote}
      />
      <p className="pl-form__note">
        2024-12-01起北上广深取消普通住宅与非普通住宅标准，是否“普通住宅”不再影响税费，无需填写。
      </p>
      <button type="submit" className="btn btn-primary pl-form__submit">
        开始计算
      </button>
    </form>
  );
}
