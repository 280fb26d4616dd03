// @vitest-environment happy-dom
// The lead forms (issue 14, spec §2, §4, §5, §8, §9): the deal-price modal loads user, agent info and recommendations
// at once; the phone is prefilled masked and left out of the demand unless edited; recommendations start checked;
// a bad phone toasts and sends nothing; success toasts and closes; errMsg toasts; a listing tap closes and opens it.
// The order sheet sends its 服务 as serviceType with source 'order-sheet'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  DEAL_PRICE_MODAL_BUTTON,
  DEAL_PRICE_MODAL_TITLE,
  LEAD_SUCCESS_TOAST,
  MOBILE_FORMAT_ERROR,
  RECOMMEND_SUBTITLE,
  RECOMMEND_TITLE,
  detectClient,
} from '@fjt/domain';
import { ClientFlagsProvider } from '../../lib/client-flags.tsx';
import { forgetLogin } from '../../lib/session.ts';
import { DealPriceModal } from './DealPriceModal.tsx';
import { OrderSheet } from './OrderSheet.tsx';
import { PhoneField, nextPhone, phoneToSend } from './PhoneField.tsx';
import { PICK_ESTATE_TOAST, useLeadForm } from './use-lead-form.ts';

const toasts: string[] = [];
vi.mock('../../lib/toast.ts', () => ({ showToast: (text: string) => void toasts.push(text) }));

const user = { id: 7, mobile: '138****0000', nickname: null, avatar: null };
const estates = [
  {
    id: 21,
    cityId: 605,
    houseName: '翠苑一区',
    picList: [],
    roomCount: 2,
    livingRoomCount: 1,
    area: 89.5,
    avgPrice: 29350,
    totalPriceMillion: 263,
  },
  {
    id: 22,
    cityId: 605,
    houseName: '文鼎苑',
    picList: [],
    roomCount: null,
    livingRoomCount: null,
    area: null,
    avgPrice: null,
    totalPriceMillion: null,
  },
];
const agent = {
  customHouse: {
    mainTitle: '帮我找房',
    subtitle: '经纪人为您推荐',
    appUrl: 'fangjiatong://house/detail',
    h5Url: '/605/house-detail/9/agent-list',
  },
  consultationTransformation: {
    mainTitle: '咨询小区经纪人',
    subtitle: '3位经纪人熟悉本小区',
    appUrl: 'fangjiatong://support/chat',
    h5Url: '/605/house-detail/9/agent-list',
    wechatNo: null,
  },
  agents: [],
};

type Answer = { status?: number; body: unknown };
let save: (init: RequestInit) => Answer;
let loggedIn: boolean;
const calls: { url: string; init?: RequestInit }[] = [];
const ok = (body: unknown): Answer => ({ body: { resultCode: 0, errMsg: '', body } });

beforeEach(() => {
  localStorage.clear();
  forgetLogin({ quietly: true });
  toasts.length = 0;
  calls.length = 0;
  loggedIn = true;
  save = () => ok({ leadIds: [1], cappedEstateIds: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      let answer: Answer;
      if (url.includes('app/login/userinfo'))
        answer = loggedIn ? ok(user) : { status: 401, body: { resultCode: 401, errMsg: '请先登录', body: null } };
      else if (url.includes('house/agent/get')) answer = ok(agent);
      else if (url.includes('estate-recommend')) answer = ok({ estateList: estates });
      else if (url.includes('save-real-price')) answer = save(init!);
      else answer = { status: 404, body: { resultCode: 404, errMsg: '接口不存在', body: null } };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36';

function renderModal(
  info: Parameters<typeof DealPriceModal>[0]['info'] = { cityId: 605, estateId: 9, houseId: 9 },
  userAgent = BROWSER_UA,
) {
  const onClose = vi.fn();
  render(
    <ClientFlagsProvider value={detectClient(userAgent)}>
      <MemoryRouter initialEntries={['/605/house-detail/9']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <DealPriceModal info={info} onClose={onClose} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ClientFlagsProvider>,
  );
  return onClose;
}

const saves = () => calls.filter((c) => c.url.includes('save-real-price'));
const phoneInput = () => screen.getByTestId('lead-phone') as HTMLInputElement;

describe('phone rule (spec §2, §5)', () => {
  const prefilled = { value: '138****0000', edited: false, prefilled: '138****0000' };
  it('keeps the account number out of the demand until edited; the first edit clears the mask', () => {
    expect(phoneToSend(prefilled)).toEqual({ ok: true, mobile: undefined });
    expect(nextPhone(prefilled, '138****000').value).toBe('');
    expect(nextPhone(prefilled, '138****00001').value).toBe('1');
    expect(nextPhone(prefilled, '13912345678')).toMatchObject({ value: '13912345678', edited: true });
    expect(phoneToSend(nextPhone(prefilled, '13912345678'))).toEqual({ ok: true, mobile: '13912345678' });
  });
  it('an empty or malformed number is the spec’s toast', () => {
    expect(phoneToSend({ value: '', edited: false, prefilled: null })).toEqual({
      ok: false,
      error: MOBILE_FORMAT_ERROR,
    });
    expect(phoneToSend({ value: '1234', edited: true, prefilled: null })).toEqual({
      ok: false,
      error: MOBILE_FORMAT_ERROR,
    });
  });
});

describe('deal-price modal', () => {
  it('loads user, agent info and recommendations at once and shows the spec’s copy', async () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
    // the three loads start together, before any answer is read
    expect(calls.map((c) => c.url.replace(/\?.*$/, ''))).toEqual([
      '/rabbit/v1/app/login/userinfo',
      '/rabbit/v1/house/agent/get',
      '/rabbit/v1/estate-dispatch/estate-recommend',
    ]);
    expect(calls[2]!.url).toContain('type=2&estateId=9');
    expect(JSON.parse(String(calls[1]!.init!.body))).toEqual({ type: 8, cityId: 605, houseId: 9 });
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    expect(within(dialog).getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON })).toBeTruthy();
    expect(dialog.textContent).toContain(RECOMMEND_TITLE);
    expect(dialog.textContent).toContain(RECOMMEND_SUBTITLE);
    expect(dialog.textContent).toContain('更多服务');
    expect(dialog.textContent).toContain('《隐私政策》');
    const rows = screen.getAllByTestId('lead-estate');
    expect(rows[0]!.textContent).toContain('翠苑一区');
    expect(rows[0]!.textContent).toContain('2室1厅');
    expect(rows[0]!.textContent).toContain('89.5㎡');
    expect(rows[0]!.textContent).toContain('2.94万/㎡');
    expect(rows[0]!.textContent).toContain('263万');
    expect(rows[1]!.textContent!.match(/--/g)).toHaveLength(4);
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true]);
    fireEvent.click(boxes[1]!);
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
  });

  it('takes the title and button text of the page', async () => {
    renderModal({ cityId: 605, estateId: 9, title: '咨询房源', buttonText: '立即咨询' });
    expect(screen.getByRole('dialog', { name: '咨询房源' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即咨询' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('lead-estate')).toHaveLength(2));
  });

  it('sends the unedited account number as no mobile, the checked estates and a key; toasts and closes', async () => {
    const onClose = renderModal();
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = saves();
    const body = JSON.parse(String(sent!.init!.body));
    expect(body).toMatchObject({
      type: 2,
      intentionEstateId: 9,
      secondEstateIdList: [21],
      serviceType: 'buy',
      source: 'deal-price',
      page: '/605/house-detail/9',
    });
    expect(body).not.toHaveProperty('mobile');
    expect(new Headers(sent!.init!.headers).get('idempotency-key')).toMatch(/^[\x21-\x7e]{8,64}$/);
    expect(toasts).toEqual([LEAD_SUCCESS_TOAST]);
  });

  it('sends the source of the page that opened it (捡漏: find-house-365)', async () => {
    const onClose = renderModal({ cityId: 605, estateId: 9, houseId: 31, source: 'find-house-365' });
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    fireEvent.click(screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(saves()[0]!.init!.body))).toMatchObject({
      intentionEstateId: 9,
      source: 'find-house-365',
      serviceType: 'buy',
    });
  });

  it('a bad phone toasts the spec’s message and sends nothing; a typed number is sent', async () => {
    const onClose = renderModal();
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    fireEvent.change(phoneInput(), { target: { value: '138****000' } });
    expect(phoneInput().value).toBe('');
    fireEvent.change(phoneInput(), { target: { value: '1391234' } });
    fireEvent.click(screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }));
    expect(toasts).toEqual([MOBILE_FORMAT_ERROR]);
    expect(saves()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(phoneInput(), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(saves()[0]!.init!.body)).mobile).toBe('13912345678');
  });

  it('a visitor starts with an empty phone', async () => {
    loggedIn = false;
    renderModal();
    await waitFor(() => expect(screen.getAllByTestId('lead-estate')).toHaveLength(2));
    expect(phoneInput().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }));
    expect(toasts).toEqual([MOBILE_FORMAT_ERROR]);
    expect(saves()).toHaveLength(0);
  });

  it('toasts the server’s errMsg and stays open; a second try sends the same key', async () => {
    save = () => ({ status: 429, body: { resultCode: 429, errMsg: '今日咨询次数已达上限', body: null } });
    const onClose = renderModal();
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    const submit = screen.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON });
    fireEvent.click(submit);
    await waitFor(() => expect(toasts).toEqual(['今日咨询次数已达上限']));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(saves()).toHaveLength(2));
    const keys = saves().map((c) => new Headers(c.init!.headers).get('idempotency-key'));
    expect(keys[0]).toBe(keys[1]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a listing tap closes the modal and opens the estate page; the close icon closes it', async () => {
    const onClose = renderModal();
    await waitFor(() => expect(screen.getAllByTestId('lead-estate')).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: /翠苑一区/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/605/house-detail/21');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('deal-price modal in the app', () => {
  it('a listing and 更多服务 lead to the native screens', async () => {
    renderModal(undefined, `${BROWSER_UA} FangJiaTong/12.8.0`);
    await waitFor(() => expect(screen.getAllByTestId('lead-estate')).toHaveLength(2));
    expect(screen.getByRole('link', { name: /翠苑一区/ }).getAttribute('href')).toBe(
      'fangjiatong://house/detail?cityId=605&estateId=21',
    );
    expect(screen.getByRole('link', { name: /帮我找房/ }).getAttribute('href')).toBe('fangjiatong://house/detail');
  });
});

describe('order sheet', () => {
  it('sends the chosen 服务 as serviceType with source order-sheet', async () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <OrderSheet visible onClose={onClose} cityId={605} estate={{ id: 9, name: '翠苑' }} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    expect(screen.getByRole('radio', { name: '买房' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '卖房' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(saves()[0]!.init!.body))).toMatchObject({
      serviceType: 'sell',
      source: 'order-sheet',
      intentionEstateId: 9,
      secondEstateIdList: [21, 22],
    });
    expect(toasts).toEqual([LEAD_SUCCESS_TOAST]);
  });
});

/** 底价揭秘's use of the form: one estate, picked later, no recommendations. */
function OneEstateForm({ estateId }: { estateId: number | null }) {
  const form = useLeadForm({ cityId: 605, estateId, recommend: false });
  return (
    <>
      <PhoneField phone={form.phone} onChange={form.setPhone} />
      <output data-testid="agents">{form.data.agent ? form.data.agent.agents.length : 'none'}</output>
      <button type="button" onClick={() => void form.submit({ serviceType: 'buy', source: 'baseprice' })}>
        获取底价
      </button>
    </>
  );
}

describe('lead form for one estate (底价揭秘)', () => {
  it('without an estate loads only the user, and says 请选择小区 without sending', async () => {
    render(
      <MemoryRouter>
        <OneEstateForm estateId={null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(phoneInput().value).toBe('138****0000'));
    expect(calls.map((c) => c.url)).toEqual(['/rabbit/v1/app/login/userinfo']);
    fireEvent.click(screen.getByRole('button', { name: '获取底价' }));
    expect(toasts).toEqual([PICK_ESTATE_TOAST]);
    expect(saves()).toHaveLength(0);
  });

  it('with an estate loads its agents but no recommendations, and sends it alone with source baseprice', async () => {
    render(
      <MemoryRouter initialEntries={['/activity/baseprice']}>
        <OneEstateForm estateId={9} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('agents').textContent).toBe('0'));
    expect(calls.some((c) => c.url.includes('estate-recommend'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '获取底价' }));
    await waitFor(() => expect(toasts).toEqual([LEAD_SUCCESS_TOAST]));
    const body = JSON.parse(String(saves()[0]!.init!.body));
    expect(body).toMatchObject({ type: 2, intentionEstateId: 9, source: 'baseprice', page: '/activity/baseprice' });
    expect(body).not.toHaveProperty('secondEstateIdList');
  });
});
