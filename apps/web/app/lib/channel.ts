// POST ubt/api/channel/mark on a landing page's load (spec §7; PAGES.md §3.14): {clientType H5, channelCode, mark ''}
// with the device id cookie, so a later login on this device is attributed to the channel. A missing or malformed
// channel sends nothing.
import { useEffect } from 'react';
import { CHANNEL_CODE_PATTERN } from '@fjt/domain';
import { ensureDeviceId } from './device.ts';
import { callApi } from './session.ts';

export function markChannel(channelCode: string | null | undefined, page: string): Promise<boolean> {
  if (!channelCode || !CHANNEL_CODE_PATTERN.test(channelCode)) return Promise.resolve(false);
  ensureDeviceId();
  return callApi('ubt/api/channel/mark', { clientType: 'H5', channelCode, mark: '', page }).then(
    (res) => res.resultCode === 0,
  );
}

/** Marks the channel once per page load (again when the channel changes). */
export function useChannelMark(channelCode: string | null | undefined, page: string): void {
  useEffect(() => {
    void markChannel(channelCode, page);
  }, [channelCode, page]);
}
