// The router context the server passes to every loader (see apps/server/src/ssr.ts).
import type { RouterContext } from '@fjt/domain';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RouterContext {}
}

export {};
