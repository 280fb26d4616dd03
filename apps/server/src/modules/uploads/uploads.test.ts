// POST upload/image and GET /img/u: what is accepted (by its bytes), what is stored (re-encoded, no EXIF, no
// location, at most UPLOAD_MAX_EDGE), how it is served (immutable, never sniffed), who may use it in a post
// (ownedImages), and the Chinese refusals: a visitor, no file, a wrong purpose, a non-image, SVG with script, > 5 MB.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError, COMMUNITY_MESSAGES, UPLOAD_MAX_EDGE, UPLOAD_PATH_PATTERN } from '@fjt/domain';
import { expectFail, postMultipart, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { ownedImages } from './service.ts';

const API = '/rabbit/v1';
const seeded = seededApp();

const upload = (user: SignedIn | null, data: Buffer, purpose: string | null = 'question', asField = false) =>
  postMultipart(seeded.app, `${API}/upload/image${purpose && !asField ? `?purpose=${purpose}` : ''}`, data, {
    headers: user?.headers ?? {},
    fields: purpose && asField ? { purpose } : {},
  });

type Body = { url: string; width: number; height: number; imageId: number | null };
const bodyOf = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: Body }).body;
};

const photo = (width: number, height: number, colour = { r: 200, g: 80, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

describe('POST upload/image', () => {
  it('stores a JPEG re-encoded, at most UPLOAD_MAX_EDGE, without EXIF or GPS, content-addressed and immutable', async () => {
    const user = await signInAs(seeded.app);
    const withGps = await photo(3000, 2000)
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 15/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const body = bodyOf(await upload(user, withGps));
    expect(body.url).toMatch(UPLOAD_PATH_PATTERN);
    expect(body.url.endsWith('.jpg')).toBe(true);
    expect(Math.max(body.width, body.height)).toBe(UPLOAD_MAX_EDGE);
    expect(body.imageId).toBeNull();

    const served = await seeded.app.inject(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(UPLOAD_MAX_EDGE);

    // the same picture again: the same address (one stored copy)
    expect(bodyOf(await upload(user, withGps, 'review', true)).url).toBe(body.url);
  });

  it('keeps PNG as PNG and accepts purpose as a form field', async () => {
    const user = await signInAs(seeded.app);
    const png = await photo(40, 30).png().toBuffer();
    const body = bodyOf(await upload(user, png, 'inform', true));
    expect(body).toMatchObject({ width: 40, height: 30 });
    expect(body.url.endsWith('.png')).toBe(true);
  });

  it('gives a chat upload its private chat image', async () => {
    const user = await signInAs(seeded.app);
    const body = bodyOf(await upload(user, await photo(20, 20).png().toBuffer(), 'chat'));
    expect(body.imageId).toBeGreaterThan(0);
    expect(body.url).toBe(`/img/chat/${body.imageId}`);
    expect((await seeded.app.inject({ url: body.url, headers: user.headers })).statusCode).toBe(200);
    // private: a visitor gets nothing
    expect((await seeded.app.inject(body.url)).statusCode).toBe(401);
  });

  it('refuses visitors, missing files and purposes, non-images, SVG with script and files over 5 MB', async () => {
    const png = await photo(10, 10).png().toBuffer();
    expectFail(await upload(null, png), 401, '请先登录');
    const user = await signInAs(seeded.app);
    expectFail(await upload(user, png, null), 400, '上传用途无效');
    expectFail(await upload(user, png, 'avatar'), 400);
    expectFail(await upload(user, png, 'nonsense', true), 400, '上传用途无效');
    expectFail(
      await seeded.app.inject({ method: 'POST', url: `${API}/upload/image?purpose=question`, headers: user.headers }),
      400,
      '请选择要上传的图片',
    );
    expectFail(await upload(user, Buffer.from('just text, named a.png')), 400, '只支持 JPG、PNG、WebP、GIF 图片');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    expectFail(await upload(user, svg), 400, '只支持 JPG、PNG、WebP、GIF 图片');
    // a PNG header in front of HTML: sniffed as PNG, but it does not decode
    const fake = Buffer.concat([png.subarray(0, 33), Buffer.from('<script>alert(1)</script>')]);
    expectFail(await upload(user, fake), 400);
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expectFail(await upload(user, huge), 400, COMMUNITY_MESSAGES.uploadTooLarge);
  });

  it('serves nothing for unknown or malformed names', async () => {
    expect((await seeded.app.inject(`/img/u/${'0'.repeat(64)}.jpg`)).statusCode).toBe(404);
    expect((await seeded.app.inject('/img/u/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await seeded.app.inject(`/img/u/${'a'.repeat(64)}.svg`)).statusCode).toBe(404);
  });
});

describe('ownedImages', () => {
  it("accepts a user's own uploads and refuses others', forged and foreign addresses", async () => {
    const alice = await signInAs(seeded.app);
    const bob = await signInAs(seeded.app);
    const a = bodyOf(await upload(alice, await photo(12, 12, { r: 1, g: 2, b: 3 }).png().toBuffer())).url;
    const db = seeded.database.db;
    expect(await ownedImages(db, alice.id, [a, a])).toEqual([a]);
    expect(await ownedImages(db, alice.id, [])).toEqual([]);
    const refused = async (urls: string[]) => {
      const error = await ownedImages(db, bob.id, urls).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(COMMUNITY_MESSAGES.imageNotYours);
    };
    await refused([a]);
    await refused(['https://evil.example/x.jpg']);
    await refused(['javascript:alert(1)']);
    await refused([`/img/u/${'f'.repeat(64)}.png`]);
  });
});
