// How an article's numbers read: 阅读 1.2万.
export function readCount(n: number): string {
  if (n >= 10_000) return `阅读${(Math.floor(n / 1_000) / 10).toFixed(1).replace(/\.0$/, '')}万`;
  return `阅读${n}`;
}
