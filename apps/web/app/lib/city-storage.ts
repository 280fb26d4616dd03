// What the visit remembers: the cityId in local storage (spec §3: 0 when absent or invalid; §4: a change clears district/subway caches).
import { readStoredCityId, switchCity } from '@fjt/domain';

export function storedCityId(): number {
  try {
    return readStoredCityId(window.localStorage);
  } catch {
    return 0; // storage disabled (private mode)
  }
}

export function rememberCity(cityId: number): void {
  try {
    if (readStoredCityId(window.localStorage) !== cityId) switchCity(window.localStorage, cityId);
  } catch {
    // storage disabled: nothing to remember
  }
}

export const CHANNEL_KEY = 'fjt:channel';

/** The channel a visitor arrived through (/download?chanelName=…), kept for the session's download flow. */
export function rememberChannel(channel: string): void {
  try {
    sessionStorage.setItem(CHANNEL_KEY, channel);
  } catch {
    // storage disabled: the channel is not attributed
  }
}
