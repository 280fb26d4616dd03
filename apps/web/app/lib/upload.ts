// One picture to POST upload/image (issue 17): multipart, its purpose (question, answer, review, note, inform, chat).
// Its stored address, or the server's Chinese message (too large, not an image …) to show as a toast.
import type { Envelope, UploadPurpose } from '@fjt/domain';
import { API } from './session.ts';

export async function uploadImage(file: File, purpose: UploadPurpose): Promise<{ url: string } | { error: string }> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  try {
    const res = await fetch(`${API}/upload/image`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'fetch' },
    });
    const json = (await res.json().catch(() => null)) as Envelope<{ url: string } | null> | null;
    if (json && json.resultCode === 0 && json.body) return { url: json.body.url };
    return { error: json?.errMsg || '图片上传失败，请重试' };
  } catch {
    return { error: '网络异常，上传失败' };
  }
}
