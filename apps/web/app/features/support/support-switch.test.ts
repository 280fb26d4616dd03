// @vitest-environment happy-dom
// Spec §4: the chat-support switch is fetched once and kept as a boolean; a failed fetch keeps nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));

async function freshModule() {
  vi.resetModules();
  return import('./support-switch.ts');
}

describe('loadSupportSwitch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks im/switch once and keeps the answer, even when it is off', async () => {
    const fetchMock = vi.fn(() => answer({ resultCode: 0, errMsg: '', body: { enable: false } }));
    vi.stubGlobal('fetch', fetchMock);
    const { loadSupportSwitch } = await freshModule();
    const [a, b] = await Promise.all([loadSupportSwitch(), loadSupportSwitch()]);
    expect([a, b]).toEqual([false, false]);
    expect(await loadSupportSwitch()).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/rabbit/v1/im/switch');
  });

  it('counts a failure as off and asks again next time', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => Promise.reject(new TypeError('offline')))
      .mockImplementation(() => answer({ resultCode: 0, errMsg: '', body: { enable: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const { loadSupportSwitch } = await freshModule();
    expect(await loadSupportSwitch()).toBe(false);
    expect(await loadSupportSwitch()).toBe(true);
    expect(await loadSupportSwitch()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
