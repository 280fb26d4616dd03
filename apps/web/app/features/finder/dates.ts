// Days as the finder pages print them (DESIGN.md: no leading zeros): '2026-06-30' → '2026年6月30日' / '6月30日'.
export function dayTitle(day: string): string {
  const [y, m, d] = day.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
}

export function shortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${Number(m)}月${Number(d)}日`;
}
