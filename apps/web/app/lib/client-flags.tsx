// Client flags (spec §3): isApp, isIos, isWeixin, appVersion ('h5' in the browser).
// Computed on the server from the user agent and the currentVersion cookie, so the first paint is right.
import { createContext, useContext } from 'react';
import { detectClient, type ClientFlags } from '@fjt/domain';

const ClientFlagsContext = createContext<ClientFlags | null>(null);

export const ClientFlagsProvider = ClientFlagsContext.Provider;

export function useClientFlags(): ClientFlags {
  const flags = useContext(ClientFlagsContext);
  if (flags) return flags;
  // Outside the root data (the error page): fall back to the browser's own user agent.
  return detectClient(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
