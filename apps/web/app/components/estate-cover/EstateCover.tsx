// Estates have no photos in the data: a drawn cover instead (DESIGN.md) — a gradient with the estate's first
// characters and its district, its hue stable per estate so neighbours differ.
import './estate-cover.css';

export function EstateCover({
  id,
  name,
  district,
  size = 'small',
}: {
  id: number;
  name: string;
  district?: string | null;
  size?: 'small' | 'large';
}) {
  const hue = (id * 47) % 360;
  return (
    <span
      className={`estate-cover-drawn estate-cover-drawn--${size}`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 65% 58%), hsl(${(hue + 40) % 360} 60% 42%))` }}
      role="img"
      aria-label={`${name}封面`}
    >
      <strong>{name.slice(0, 2)}</strong>
      {district ? <small>{district}</small> : null}
    </span>
  );
}
