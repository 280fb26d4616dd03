// 业主认证's form (PAGES.md §3.7): the signed-in phone masked, 获取验证码 (NEW POST estimate/quotation/sms, a code of
// its own purpose to that phone, resend after 60 s), 楼栋 / 单元 / 门牌号 (validated as the server does, inline), the
// versioned declaration, then NEW POST estimate/quotation/auth → 卖房报价 with the verification.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  OWNER_DECLARATION_TEXT,
  OWNER_DECLARATION_VERSION,
  OWNER_QUOTE_MESSAGES,
  ROOM_FIELD_MAX,
  ownerAuthInput,
  type OwnerAuthBody,
  type OwnerSmsBody,
} from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { quoteQuery } from './format.ts';

type Field = 'code' | 'building' | 'unit' | 'room' | 'declarationVersion';

export function AuthForm({
  estateId,
  recordId,
  mobile,
}: {
  estateId: number;
  recordId: number | null;
  /** The account's phone, masked. */
  mobile: string;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [building, setBuilding] = useState('');
  const [unit, setUnit] = useState('');
  const [room, setRoom] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  /** A field's error goes as soon as the field is changed. */
  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const sendCode = async () => {
    setSending(true);
    const res = await callApi<OwnerSmsBody>('estimate/quotation/sms', { estateId });
    setSending(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '验证码发送失败，请稍后重试');
    setWait(res.body.resendAfter);
    showToast(`验证码已发送至${res.body.mobile}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      estateId,
      code: code.trim(),
      building,
      room,
      ...(unit.trim() ? { unit } : {}),
      ...(agreed ? { declarationVersion: OWNER_DECLARATION_VERSION } : {}),
    };
    const parsed = ownerAuthInput.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= field === 'declarationVersion' ? OWNER_QUOTE_MESSAGES.declaration : issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    const res = await callApi<OwnerAuthBody>('estimate/quotation/auth', input);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      const message = res.errMsg || '认证失败，请稍后重试';
      return /验证码/.test(message) ? setErrors({ code: message }) : showToast(message);
    }
    showToast('业主认证成功');
    void navigate(
      `/estimate/quotation/form${quoteQuery({ estateId, verificationId: res.body.verificationId, recordId })}`,
    );
  };

  const roomField = (
    name: 'building' | 'unit' | 'room',
    label: string,
    value: string,
    set: (v: string) => void,
    placeholder: string,
  ) => (
    <label className="oq-field">
      <span>{label}</span>
      <input
        name={name}
        value={value}
        maxLength={ROOM_FIELD_MAX}
        placeholder={placeholder}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => {
          set(e.target.value);
          clear(name);
        }}
      />
    </label>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="业主认证" data-testid="oq-auth-form">
      <section className="oq-section" aria-label="手机验证">
        <h2>手机验证</h2>
        <p className="oq-phone">
          本机号码{' '}
          <span className="num" data-testid="oq-auth-phone">
            {mobile}
          </span>
        </p>
        <p className="oq-hint">验证码将发送至您登录的手机号，用于确认本人操作。</p>
        <div className="oq-field">
          <div className="oq-row">
            <input
              name="code"
              inputMode="numeric"
              maxLength={6}
              placeholder="请输入验证码"
              aria-label="验证码"
              aria-invalid={errors.code ? true : undefined}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                clear('code');
              }}
            />
            <button type="button" className="btn" disabled={sending || wait > 0} onClick={() => void sendCode()}>
              {wait > 0 ? `${wait}s后重新获取` : '获取验证码'}
            </button>
          </div>
          {errors.code ? (
            <span className="oq-error" data-testid="oq-error-code">
              {errors.code}
            </span>
          ) : null}
        </div>
      </section>

      <section className="oq-section" aria-label="房屋地址">
        <h2>房屋地址</h2>
        <div className="oq-address">
          {roomField('building', '楼栋', building, setBuilding, '如 3幢')}
          {roomField('unit', '单元（选填）', unit, setUnit, '如 2单元')}
          {roomField('room', '门牌号', room, setRoom, '如 1201')}
        </div>
        {errors.building || errors.unit || errors.room ? (
          <p className="oq-error" data-testid="oq-error-address">
            {errors.building ?? errors.unit ?? errors.room}
          </p>
        ) : null}
        <p className="oq-hint">门牌号仅用于认证，经纪人只能看到楼栋。</p>
      </section>

      <section className="oq-section" aria-label="业主声明">
        <label className="oq-declare">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              clear('declarationVersion');
            }}
          />
          <span>{OWNER_DECLARATION_TEXT}</span>
        </label>
        {errors.declarationVersion ? (
          <p className="oq-error" data-testid="oq-error-declaration">
            {errors.declarationVersion}
          </p>
        ) : null}
      </section>

      <button type="submit" className="btn btn-primary oq-submit" disabled={busy}>
        提交认证
      </button>
    </form>
  );
}
