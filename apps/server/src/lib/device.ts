// The device of a request (issue 18): the fjt_did cookie the client sets once (lib/device.ts in the web app), or
// null when absent or malformed. Only the once-per-device rules and the tracking events read it; it identifies a
// browser, not a person, and a user may clear it, so every rule that matters also checks the phone and the user.
import { DEVICE_COOKIE, parseDeviceId } from '@fjt/domain';

export function deviceIdOf(request: { cookies?: Record<string, string | undefined> }): string | null {
  return parseDeviceId(request.cookies?.[DEVICE_COOKIE]);
}
