import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { FloorPlan, fittedLabel } from './FloorPlan.tsx';
import { floorPlan, roomAreas, squarify, type PlanRoom, type UnitType } from './floor-plan-layout.ts';
import { SitePlan, buildingFill, siteLabel } from './SitePlan.tsx';
import { shortName, sitePlan, type SiteBuilding } from './site-plan-layout.ts';

const EPS = 1e-6;
const UNITS: UnitType[] = [
  { rooms: 1, halls: 0, baths: 1, area: 32 },
  { rooms: 1, halls: 1, baths: 1, area: 50 },
  { rooms: 2, halls: 1, baths: 1, area: 71 },
  { rooms: 3, halls: 2, baths: 2, area: 118 },
  { rooms: 4, halls: 2, baths: 2, area: 148 },
  { rooms: 5, halls: 2, baths: 3, area: 222 },
];

type Box = Pick<PlanRoom, 'x' | 'y' | 'w' | 'h'>;
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > EPS &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > EPS;

describe('floor plan layout', () => {
  it('draws one box per room, labelled 卧室/客厅/餐厅/厨房/卫生间', () => {
    const plan = floorPlan({ rooms: 3, halls: 2, baths: 2, area: 118 }, 42, 300, 200);
    const count = (label: string) => plan.rooms.filter((r) => r.label === label).length;
    expect(count('卧室')).toBe(3);
    expect(count('客厅')).toBe(1);
    expect(count('餐厅')).toBe(1);
    expect(count('厨房')).toBe(1);
    expect(count('卫生间')).toBe(2);
    expect(floorPlan({ rooms: 1, halls: 0, baths: 1, area: 32 }, 1, 300, 200).rooms.map((r) => r.label)).not.toContain(
      '客厅',
    );
  });

  for (const unit of UNITS) {
    for (const seed of [1, 77, 5087, 2_147_483_647]) {
      it(`${unit.rooms}室${unit.halls}厅${unit.baths}卫 ${unit.area}㎡ (seed ${seed}): rooms fit, tile the frame, areas proportional`, () => {
        const plan = floorPlan(unit, seed, 300, 200);
        const total = plan.rooms.reduce((s, r) => s + r.area, 0);
        let drawn = 0;
        for (const r of plan.rooms) {
          expect(r.x).toBeGreaterThanOrEqual(-EPS);
          expect(r.y).toBeGreaterThanOrEqual(-EPS);
          expect(r.x + r.w).toBeLessThanOrEqual(300 + EPS);
          expect(r.y + r.h).toBeLessThanOrEqual(200 + EPS);
          // each box's share of the frame is its room's share of the usable area
          expect((r.w * r.h) / (300 * 200)).toBeCloseTo(r.area / total, 6);
          drawn += r.w * r.h;
        }
        expect(drawn).toBeCloseTo(300 * 200, 4);
        for (let i = 0; i < plan.rooms.length; i++)
          for (let j = i + 1; j < plan.rooms.length; j++) expect(overlap(plan.rooms[i]!, plan.rooms[j]!)).toBe(false);
        // usable area is 80 % of the 建筑面积
        expect(total).toBeCloseTo(unit.area * 0.8, 6);
      });
    }
  }

  it('is deterministic for a seed and varies between seeds', () => {
    const unit = { rooms: 2, halls: 1, baths: 1, area: 71 };
    expect(floorPlan(unit, 5087, 96, 72)).toEqual(floorPlan(unit, 5087, 96, 72));
    const others = [1, 2, 3, 4, 5].map((s) => JSON.stringify(floorPlan(unit, s, 96, 72)));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('gives bigger units bigger rooms, the first bedroom the largest', () => {
    const small = roomAreas({ rooms: 2, halls: 1, baths: 1, area: 60 }, 9);
    const big = roomAreas({ rooms: 2, halls: 1, baths: 1, area: 120 }, 9);
    const bedroom = (rs: typeof small) => rs.filter((r) => r.kind === 'bedroom');
    expect(bedroom(big)[0]!.area).toBeGreaterThan(bedroom(small)[0]!.area);
    for (const seed of [1, 2, 3, 4]) {
      const rooms = bedroom(roomAreas({ rooms: 4, halls: 2, baths: 2, area: 140 }, seed));
      expect(rooms[0]!.area).toBe(Math.max(...rooms.map((r) => r.area)));
    }
  });

  it('squarify tiles a rectangle exactly', () => {
    const rects = squarify([6, 6, 4, 3, 2, 2, 1], { x: 0, y: 0, w: 6, h: 4 });
    expect(rects.reduce((s, r) => s + r.w * r.h, 0)).toBeCloseTo(24, 9);
    expect(rects.map((r) => r.w * r.h)).toEqual([6, 6, 4, 3, 2, 2, 1].map((v) => expect.closeTo(v, 9)));
  });

  it('labels a box in full, by its first character, or not at all, by what fits', () => {
    expect(fittedLabel({ label: '卫生间', w: 40, h: 20 }, 12)).toBe('卫生间');
    expect(fittedLabel({ label: '卫生间', w: 20, h: 20 }, 12)).toBe('卫');
    expect(fittedLabel({ label: '卫生间', w: 10, h: 20 }, 12)).toBe('');
    expect(fittedLabel({ label: '卧室', w: 40, h: 10 }, 12)).toBe('');
  });

  it('renders the same SVG twice (server and hydration) with a 示意图 caption and an accessible name', () => {
    const el = <FloorPlan unit={{ rooms: 3, halls: 2, baths: 2, area: 118 }} seed={123} />;
    const html = renderToStaticMarkup(el);
    expect(renderToStaticMarkup(el)).toBe(html);
    expect(html).toContain('aria-label="3室2厅2卫 约118㎡户型示意图"');
    expect(html).toContain('示意图');
    expect(html).not.toMatch(/照片|图片/);
    expect(html.match(/<rect /g)).toHaveLength(3 + 2 + 1 + 2 + 1);
  });
});

const buildings = (n: number, floors = (i: number) => 6 + (i % 4) * 8): SiteBuilding[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `${i + 1}幢`,
    floors: floors(i),
    householdCount: floors(i) * 4,
  }));

describe('site plan layout', () => {
  for (const n of [1, 3, 10, 35, 61]) {
    it(`${n} buildings: one footprint each, inside the ring road, none overlapping`, () => {
      const plan = sitePlan(buildings(n), 5087, 343);
      expect(plan.buildings).toHaveLength(n);
      for (const b of plan.buildings) {
        expect(b.x).toBeGreaterThanOrEqual(plan.inner.x - EPS);
        expect(b.y).toBeGreaterThanOrEqual(plan.inner.y - EPS);
        expect(b.x + b.w).toBeLessThanOrEqual(plan.inner.x + plan.inner.w + EPS);
        expect(b.y + b.h).toBeLessThanOrEqual(plan.inner.y + plan.inner.h + EPS);
        expect(b.w).toBeGreaterThan(0);
      }
      const bs = plan.buildings;
      for (let i = 0; i < bs.length; i++)
        for (let j = i + 1; j < bs.length; j++) expect(overlap(bs[i]!, bs[j]!)).toBe(false);
      expect(plan.inner.y + plan.inner.h).toBeLessThanOrEqual(plan.height);
    });
  }

  it('is deterministic per estate; wider for more households per floor; darker for more floors', () => {
    const list = [
      { id: 1, name: '1幢', floors: 6, householdCount: 60 },
      { id: 2, name: '2幢', floors: 6, householdCount: 12 },
      { id: 3, name: '3幢', floors: 33, householdCount: 132 },
    ];
    expect(sitePlan(list, 7, 343)).toEqual(sitePlan(list, 7, 343));
    const [a, b, c] = sitePlan(list, 7, 343).buildings;
    expect(a!.perFloor).toBe(10);
    expect(a!.w).toBeGreaterThan(b!.w);
    expect(c!.height).toBeGreaterThan(a!.height);
    expect(c!.height).toBe(1);
    const lightness = (h: number) => Number(/(\d+)%\)$/.exec(buildingFill(h))![1]);
    expect(lightness(c!.height)).toBeLessThan(lightness(a!.height));
  });

  it('labels a building with its name and floors where it fits, by its number when small, else not at all', () => {
    expect(shortName('12幢')).toBe('12');
    expect(shortName('东区A座')).toBe('东区');
    const b = { name: '12幢', floors: 24, short: '12' };
    expect(siteLabel({ ...b, w: 80 }, 10)).toBe('12幢 24层');
    expect(siteLabel({ ...b, w: 30 }, 10)).toBe('12');
    expect(siteLabel({ ...b, w: 12 }, 10)).toBe('');
  });

  it('renders one building per row of the table, with a 示意 caption', () => {
    const html = renderToStaticMarkup(<SitePlan buildings={buildings(12)} seed={3} />);
    expect(html.match(/class="site-plan__building"/g)).toHaveLength(12);
    expect(html).toContain('楼栋分布示意图，共12栋');
    expect(html).toContain('非实际位置');
  });
});
