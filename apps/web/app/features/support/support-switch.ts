// The chat-support switch (spec §4: "fetched once and stored as a boolean"): GET im/switch the first time a page
// asks, then the kept boolean for the rest of the session. A failed fetch keeps nothing (the next ask tries again)
// and counts as off: the page then offers the WeChat copy and the phone, which always work.
import type { ImSwitch } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';

let enabled: boolean | null = null;
let inflight: Promise<boolean> | null = null;

export function loadSupportSwitch(): Promise<boolean> {
  if (enabled !== null) return Promise.resolve(enabled);
  inflight ??= callApi<ImSwitch>('im/switch')
    .then((res) => {
      if (res.resultCode === 0 && res.body) enabled = res.body.enable;
      return res.body?.enable === true;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}
