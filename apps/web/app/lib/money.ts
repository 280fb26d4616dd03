// Amounts in 元 as every price is shown (checkout, report mall): without '.00' when whole (¥198, ¥0.54/天).

/** '198', '19.90', '0.54'; '--' for a missing amount (spec §5). */
export function yuan(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '--';
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
