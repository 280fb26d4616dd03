// One image to NEW POST upload/image (multipart, purpose inform): its stored address, or the server's message.
import { type UploadPurpose } from '@fjt/domain';
import { API } from '../../lib/session.ts';

export async function uploadImage(file: File, purpose: UploadPurpose): Promise<{ url: string } | { error: string }> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  try {
    const res = await fetch(`${API}/upload/image`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'fetch' },
      body: form,
    });
    const json = (await res.json()) as { resultCode: number; errMsg: string; body: { url: string } | null };
    if (json.resultCode === 0 && json.body) return { url: json.body.url };
    return { error: json.errMsg || '上传失败，请重试' };
  } catch {
    return { error: '网络异常，上传失败' };
  }
}
