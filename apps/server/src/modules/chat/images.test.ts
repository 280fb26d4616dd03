// Chat images are recognised by their bytes: the type and the dimensions of each accepted format, and refusals; and
// what is stored of them: real images made here with sharp, resized, turned upright, stripped, or refused.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError, CHAT_IMAGE_MAX_EDGE, CHAT_MESSAGES } from '@fjt/domain';
import { prepareChatImage, sniffImage } from './images.ts';

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

/** A solid image of the given size, encoded by sharp as `format`. */
const solid = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif', background = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** The refusal prepareChatImage throws: a 400 ApiError with its Chinese message. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).statusCode, message: (error as ApiError).message };
}

/** A real PNG bomb: 1-bit greyscale, 20 000 × 20 000 pixels (400 megapixels) of zeros deflated to ~50 KB. */
function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    // libvips checks no CRC on the way to refusing, and the header is read before any pixel: zeros do
    return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth 1, colour type 0 (grey), deflate, no filter, no interlace
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('prepareChatImage', () => {
  it('shrinks a 3000×2000 JPEG to a long edge of 1280, still a JPEG, and stores that size', async () => {
    const prepared = await prepareChatImage(await solid(3000, 2000, 'jpeg'));
    expect(prepared).toMatchObject({ type: 'image/jpeg', width: CHAT_IMAGE_MAX_EDGE, height: 853 });
    const meta = await sharp(prepared.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 853]);
    expect(sniffImage(prepared.data)).toEqual({ type: 'image/jpeg', width: 1280, height: 853 });

    // portrait: the long edge is the height
    const tall = await prepareChatImage(await solid(1500, 4000, 'png'));
    expect(tall).toMatchObject({ type: 'image/png', width: 480, height: 1280 });
  });

  it('never enlarges a small image, and keeps PNG transparency and WebP', async () => {
    expect(await prepareChatImage(await solid(100, 50, 'jpeg'))).toMatchObject({ width: 100, height: 50 });
    const clear = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const png = await prepareChatImage(clear);
    expect(png).toMatchObject({ type: 'image/png', width: 40, height: 30 });
    expect((await sharp(png.data).metadata()).hasAlpha).toBe(true);
    const webp = await prepareChatImage(await solid(2000, 2000, 'webp'));
    expect(webp).toMatchObject({ type: 'image/webp', width: 1280, height: 1280 });
    expect((await sharp(webp.data).metadata()).format).toBe('webp');
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // stored sideways: 300 wide, left half red, right half blue, EXIF orientation 6 (shown turned 90° clockwise)
    const left = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const prepared = await prepareChatImage(sideways);
    expect(prepared).toMatchObject({ width: 200, height: 300 });
    const meta = await sharp(prepared.data).metadata();
    expect(meta.orientation).toBeUndefined();
    // upright: what was the left edge is now the top
    const { data, info } = await sharp(prepared.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r1, , b1] = pixel(100, 30);
    const [r2, , b2] = pixel(100, 270);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(r2).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
  });

  it('strips the metadata: EXIF (with its GPS position), XMP and ICC', async () => {
    const tagged = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Copyright: 'someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '31/1 14/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '121/1 28/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect([Boolean(before.exif), Boolean(before.xmp), Boolean(before.icc)]).toEqual([true, true, true]);

    const prepared = await prepareChatImage(tagged);
    const after = await sharp(prepared.data).metadata();
    expect([after.exif, after.xmp, after.icc, after.iptc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(prepared.data.includes(Buffer.from('Exif\0', 'latin1'))).toBe(false);
    expect(prepared.data.includes(Buffer.from('Phone', 'latin1'))).toBe(false);
  });

  it('keeps an animated GIF animated, every frame resized', async () => {
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((colour) => solid(2000, 1000, 'png', colour)));
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    const prepared = await prepareChatImage(gif);
    expect(prepared).toMatchObject({ type: 'image/gif', width: 1280, height: 640 });
    const meta = await sharp(prepared.data, { animated: true }).metadata();
    expect([meta.pages, meta.pageHeight, meta.width, meta.delay]).toEqual([3, 640, 1280, [100, 100, 100]]);
  });

  it('refuses what is no image, or does not decode, with 只支持 JPG、PNG、WebP、GIF 图片', async () => {
    const type = { status: 400, message: CHAT_MESSAGES.imageType };
    expect(await refusal(prepareChatImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toEqual(type);
    expect(await refusal(prepareChatImage(Buffer.from('hello, 你好')))).toEqual(type);
    expect(
      await refusal(
        prepareChatImage(
          await sharp({ create: { width: 9, height: 9, channels: 3, background: '#000' } })
            .tiff()
            .toBuffer(),
        ),
      ),
    ).toEqual(type);
    // a real PNG header over bytes that are no pixels
    const png = await solid(64, 64, 'png');
    const garbled = Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 0xab)]);
    expect(sniffImage(garbled)).toMatchObject({ type: 'image/png' });
    expect(await refusal(prepareChatImage(garbled))).toEqual(type);
  });

  it('refuses a decompression bomb before decoding it (图片尺寸过大)', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const pixels = { status: 400, message: CHAT_MESSAGES.imagePixels };
    expect(await refusal(prepareChatImage(bomb))).toEqual(pixels);

    // frames whose header looks small but which decode to more than the limit together: libvips' own limit
    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((colour) => solid(800, 500, 'png', colour)));
    const long = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await refusal(prepareChatImage(long, { maxPixels: 1_000_000 }))).toEqual(pixels);
    expect(await prepareChatImage(long, { maxPixels: 1_200_000 })).toMatchObject({ width: 800, height: 500 });
  });
});
