// Amounts and times of the reseller and wallet pages: 元 always with two decimals (a ledger's columns line up),
// signed in the ledger; times as a user in China reads them.
export const money = (n: number) => `¥${n.toFixed(2)}`;
export const signedMoney = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}¥${Math.abs(n).toFixed(2)}`;
export function chinaTime(iso: string): string {
  return new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
