// Chart colours. SVG presentation attributes cannot read CSS variables, so the values of styles/tokens.css
// are repeated here; keep the two in step. The estate is the brand colour; its plate and district take two
// colours that are neither red nor green (those mean up and down, DESIGN.md).
export const CHART_COLORS = {
  estate: '#1f6fff', // --fjt-brand
  plate: '#ff8a00',
  district: '#8e6cef',
  bar: '#1f6fff', // --fjt-brand
  barWeak: '#a9c5ff',
  axis: '#86909c', // --fjt-text-hint
  grid: '#e5e6eb', // --fjt-border
  text: '#4e5969', // --fjt-text-body
} as const;

export const CHART_FONT =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
