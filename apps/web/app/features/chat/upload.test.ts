import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MAX_IMAGE_BYTES, CHAT_MESSAGES } from '@fjt/domain';
import { imageProblem, uploadChatImage } from './upload.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chat image upload', () => {
  it('refuses other types and files over 5 MB before uploading', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/heic', size: 1000 })).toBe(CHAT_MESSAGES.imageType);
    expect(imageProblem({ type: 'image/jpeg', size: CHAT_MAX_IMAGE_BYTES + 1 })).toBe(CHAT_MESSAGES.imageTooLarge);
  });

  it('posts the file as multipart field `file` and answers the image, the errMsg or Network Error.', async () => {
    const image = { url: '/img/chat/1.jpg', width: 640, height: 480 };
    const fetchMock = vi.fn(async (..._args: unknown[]) =>
      Response.json({ resultCode: 0, errMsg: '', body: { imageId: 9, image } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    expect(await uploadChatImage(file)).toEqual({ ok: true, body: { imageId: 9, image } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/rabbit/v1/im/upload');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);

    fetchMock.mockImplementationOnce(async () => Response.json({ resultCode: 1, errMsg: '图片处理失败', body: null }));
    expect(await uploadChatImage(file)).toEqual({ ok: false, message: '图片处理失败' });
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await uploadChatImage(file)).toEqual({ ok: false, message: CHAT_MESSAGES.network });
  });
});
