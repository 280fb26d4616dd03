// Chat images are recognised by their bytes: the type and the dimensions of each accepted format, and refusals.
import { describe, expect, it } from 'vitest';
import { sniffImage } from './images.ts';

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, n >> 8]);

describe('sniffImage', () => {
  it('reads PNG, GIF, JPEG and WebP (lossy, lossless, extended) sizes', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR', 'latin1'),
      Buffer.from([0, 0, 2, 0, 0, 0, 1, 0x2c]),
    ]);
    expect(sniffImage(png)).toEqual({ type: 'image/png', width: 512, height: 300 });

    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), u16le(40), u16le(30), Buffer.alloc(4)]);
    expect(sniffImage(gif)).toEqual({ type: 'image/gif', width: 40, height: 30 });

    const app0 = Buffer.concat([Buffer.from([0xff, 0xe0]), u16be(16), Buffer.alloc(14)]);
    const sof2 = Buffer.concat([
      Buffer.from([0xff, 0xc2]),
      u16be(17),
      Buffer.from([8]),
      u16be(1080),
      u16be(1920),
      Buffer.alloc(10),
    ]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof2]);
    expect(sniffImage(jpeg)).toEqual({ type: 'image/jpeg', width: 1920, height: 1080 });

    const riff = (chunk: string, rest: Buffer) =>
      Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from(`WEBP${chunk}`, 'latin1'), rest]);
    const vp8x = riff('VP8X', Buffer.concat([Buffer.alloc(8), Buffer.from([99, 0, 0, 49, 0, 0])]));
    expect(sniffImage(vp8x)).toEqual({ type: 'image/webp', width: 100, height: 50 });
    const vp8 = riff(
      'VP8 ',
      Buffer.concat([Buffer.alloc(7), Buffer.from([0x9d, 0x01, 0x2a]), u16le(64), u16le(48), Buffer.alloc(2)]),
    );
    expect(sniffImage(vp8)).toEqual({ type: 'image/webp', width: 64, height: 48 });
    // lossless: 14 bits of width − 1, then 14 bits of height − 1
    const bits = (20 - 1) | ((10 - 1) << 14);
    const vp8l = riff(
      'VP8L',
      Buffer.concat([
        Buffer.alloc(4),
        Buffer.from([0x2f]),
        Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]),
        Buffer.alloc(6),
      ]),
    );
    expect(sniffImage(vp8l)).toEqual({ type: 'image/webp', width: 20, height: 10 });
  });

  it('refuses other formats, truncated headers and absurd sizes', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('BM'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    const zero = Buffer.concat([Buffer.from('GIF89a', 'latin1'), u16le(0), u16le(30), Buffer.alloc(4)]);
    expect(sniffImage(zero)).toBeNull();
    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR', 'latin1'),
      Buffer.from([0, 1, 0, 0, 0, 0, 0, 1]),
    ]);
    expect(sniffImage(huge)).toBeNull();
  });
});
