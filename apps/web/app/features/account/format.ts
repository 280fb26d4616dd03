// Dates of the account pages as a user in China reads them (Asia/Shanghai), e.g. a membership's expiry.
// (lib/display.ts, shared with the deal-data pages)
export { chinaDate } from '../../lib/display.ts';
