// Dates of the account pages as a user in China reads them (Asia/Shanghai), e.g. a membership's expiry.
export function chinaDate(iso: string): string {
  return new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
}
