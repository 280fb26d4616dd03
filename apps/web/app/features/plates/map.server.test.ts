// The map drawing: outlines fit the viewBox, bubbles never overlap or leave the map, and a lone bubble stays
// on its own spot.
import { describe, expect, it } from 'vitest';
import type { MapBubblesBody } from '@fjt/domain';
import { MAP_WIDTH, drawMap } from './map.server.ts';

const square = (lng: number, lat: number, d: number): [number, number][] => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];

function body(level: MapBubblesBody['level'], points: [number, number][]): MapBubblesBody {
  return {
    month: '2026-06',
    level,
    parent: null,
    outlines: points.map(([lng, lat], i) => ({ id: i + 1, name: `区${i + 1}`, boundary: [square(lng, lat, 0.05)] })),
    list: points.map(([lng, lat], i) => ({
      id: i + 1,
      name: `区${i + 1}`,
      lng,
      lat,
      listingAvg: 30_000,
      listingMom: 0,
      estateCount: 10,
      onSaleCount: 5,
    })),
  };
}

describe('drawMap', () => {
  it('keeps every outline inside the viewBox', () => {
    const drawing = drawMap(
      body('district', [
        [120.1, 30.2],
        [120.3, 30.3],
        [119.5, 29.8],
      ]),
    );
    expect(drawing.width).toBe(MAP_WIDTH);
    const numbers = drawing.outlines.flatMap((o) => o.d.match(/-?\d+(\.\d+)?/g)!.map(Number));
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(drawing.width, drawing.height));
  });

  it('pushes crowded bubbles apart inside the map, each keeping its true spot as the anchor', () => {
    const crowded: [number, number][] = Array.from({ length: 8 }, (_, i) => [120.15 + i * 0.002, 30.25]);
    const drawing = drawMap(body('plate', [...crowded, [119.6, 29.9]]));
    const { bubbles } = drawing;
    for (let i = 0; i < bubbles.length; i++) {
      const a = bubbles[i]!;
      expect(a.x).toBeGreaterThan(0);
      expect(a.x).toBeLessThan(drawing.width);
      expect(a.y).toBeGreaterThan(0);
      expect(a.y).toBeLessThan(drawing.height);
      for (const b of bubbles.slice(i + 1)) {
        const apart = Math.abs(a.x - b.x) >= 66 || Math.abs(a.y - b.y) >= 52;
        expect(apart, `${a.id} and ${b.id} overlap`).toBe(true);
      }
    }
    const lone = bubbles.at(-1)!;
    expect([lone.x, lone.y]).toEqual([lone.ax, lone.ay]);
  });

  it('draws nothing for a city without outlines', () => {
    expect(drawMap({ ...body('district', []), outlines: [] }).bubbles).toEqual([]);
  });
});
