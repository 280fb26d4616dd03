// Draws the web app's icons (public/icons, named in public/manifest.webmanifest) from one SVG with sharp:
// 192 and 512 px on a rounded brand-blue tile, a 512 px maskable one (full bleed, the glyph inside the 80 %
// safe circle) and a 180 px apple-touch-icon. The glyph is drawn with paths (a house with a rising price line),
// so no font is needed. Run: node apps/web/scripts/app-icons.mjs (the PNGs are committed).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BRAND = '#1f6fff';

/** The glyph on a 100×100 grid, centred, `scale` of the tile. */
function svg({ rounded, scale }) {
  const s = scale;
  const t = (100 - 100 * s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="${BRAND}"/>
  <g transform="translate(${t} ${t}) scale(${s})" fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round">
    <path d="M18 48 L50 20 L82 48" stroke-width="7"/>
    <path d="M27 42 V80 H73 V42" stroke-width="7"/>
    <path d="M36 70 L46 60 L54 66 L66 52" stroke-width="5.5"/>
    <path d="M58 52 H66 V60" stroke-width="5.5"/>
  </g>
</svg>`;
}

mkdirSync(out, { recursive: true });
const jobs = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 0.8 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 0.8 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.6 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.75 },
];
for (const job of jobs) {
  await sharp(Buffer.from(svg(job)))
    .resize(job.size, job.size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, job.file));
  console.log(`wrote ${job.file}`);
}
