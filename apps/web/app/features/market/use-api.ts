// One GET of our API for the report mall's client-rendered pages: lib/use-api.ts, shared with the deal-data pages.
export { useApi, type ApiState } from '../../lib/use-api.ts';
