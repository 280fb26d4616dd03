// The map drawing: outlines fit the viewBox, bubbles never overlap or leave the map (even for a city of 38
// districts, 重庆), and a lone bubble stays on its own spot.
import { describe, expect, it } from 'vitest';
import type { MapBubblesBody } from '@fjt/domain';
import { MAP_WIDTH, drawMap, type MapDrawing } from './map.server.ts';

const square = (lng: number, lat: number, d: number): [number, number][] => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
];

function body(level: MapBubblesBody['level'], points: [number, number][], outline = 0.05): MapBubblesBody {
  return {
    month: '2026-06',
    level,
    parent: null,
    outlines: points.map(([lng, lat], i) => ({ id: i + 1, name: `区${i + 1}`, boundary: [square(lng, lat, outline)] })),
    list: points.map(([lng, lat], i) => ({
      id: i + 1,
      name: `区${i + 1}`,
      lng,
      lat,
      listingAvg: 30_000,
      listingMom: 0,
      momSampled: true,
      estateCount: 10,
      onSaleCount: 5,
    })),
  };
}

/** Every pair of labels is apart on one axis by at least the label's size, and every label is inside the map. */
function expectApartAndInside(drawing: MapDrawing) {
  const { bubbles, label } = drawing;
  for (let i = 0; i < bubbles.length; i++) {
    const a = bubbles[i]!;
    expect(a.x - label.w / 2).toBeGreaterThanOrEqual(0);
    expect(a.x + label.w / 2).toBeLessThanOrEqual(drawing.width);
    expect(a.y - label.h / 2).toBeGreaterThanOrEqual(0);
    expect(a.y + label.h / 2).toBeLessThanOrEqual(drawing.height);
    for (const b of bubbles.slice(i + 1)) {
      const apart = Math.abs(a.x - b.x) >= label.w || Math.abs(a.y - b.y) >= label.h;
      expect(apart, `${a.id} and ${b.id} overlap`).toBe(true);
    }
  }
}

/** 重庆's 38 district centres (lng, lat) from the sample dataset: a dense core and many outlying counties. */
const CHONGQING: [number, number][] = [
  [108.41, 30.7],
  [107.33, 29.66],
  [106.54, 29.55],
  [106.46, 29.42],
  [106.71, 29.61],
  [106.37, 29.62],
  [106.36, 29.43],
  [106.66, 29.54],
  [106.51, 29.86],
  [106.72, 28.88],
  [105.74, 29.65],
  [106.75, 29.81],
  [106.75, 29.37],
  [108.71, 29.44],
  [107.14, 29.95],
  [106.26, 29.03],
  [106.31, 30.11],
  [105.87, 29.29],
  [107.17, 29.14],
  [106.19, 29.56],
  [106.03, 29.81],
  [105.81, 30.14],
  [105.51, 29.46],
  [108.38, 31.27],
  [107.72, 30.66],
  [107.71, 29.37],
  [108.74, 31.88],
  [107.83, 29.88],
  [107.44, 30.25],
  [107.91, 30.34],
  [108.86, 31.04],
  [109.35, 30.95],
  [109.9, 31.12],
  [109.35, 31.5],
  [108.3, 30.09],
  [109.02, 28.49],
  [108.8, 28.9],
  [108.27, 29.35],
];

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
    expect(drawing.compact).toBe(false);
    expect(drawing.label).toEqual({ w: 66, h: 52 });
    expectApartAndInside(drawing);
    const lone = drawing.bubbles.at(-1)!;
    expect([lone.x, lone.y]).toEqual([lone.ax, lone.ay]);
  });

  it('fits a city of 38 districts with compact labels on a taller map rather than stacking them', () => {
    const drawing = drawMap(body('district', CHONGQING, 0.15));
    expect(drawing.bubbles).toHaveLength(38);
    expect(drawing.compact).toBe(true);
    expect(drawing.label.w).toBeLessThan(66);
    expectApartAndInside(drawing);
  });

  it('draws nothing for a city without outlines', () => {
    expect(drawMap({ ...body('district', []), outlines: [] }).bubbles).toEqual([]);
  });
});
