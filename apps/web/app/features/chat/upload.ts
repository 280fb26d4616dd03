// An image for a chat message (PAGES.md §3.12): checked in the browser first (type, 5 MB, the contract's Chinese
// messages), then POST im/upload (multipart, field `file`); the answer's imageId goes into the send, its image is
// the pending bubble's preview.
import { CHAT_IMAGE_TYPES, CHAT_MAX_IMAGE_BYTES, CHAT_MESSAGES, type ChatUploadBody, type Envelope } from '@fjt/domain';
import { API, forgetLogin } from '../../lib/session.ts';

/** Why the file cannot be sent, or null when it can. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return CHAT_MESSAGES.imageType;
  if (file.size > CHAT_MAX_IMAGE_BYTES) return CHAT_MESSAGES.imageTooLarge;
  return null;
}

export async function uploadChatImage(
  file: File,
): Promise<{ ok: true; body: ChatUploadBody } | { ok: false; message: string }> {
  const problem = imageProblem(file);
  if (problem) return { ok: false, message: problem };
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`${API}/im/upload`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'fetch' },
      body: form,
    });
  } catch {
    return { ok: false, message: CHAT_MESSAGES.network };
  }
  if (res.status === 401) forgetLogin();
  try {
    const json = (await res.json()) as Envelope<ChatUploadBody | null>;
    if (json.resultCode === 0 && json.body) return { ok: true, body: json.body };
    return { ok: false, message: json.errMsg || CHAT_MESSAGES.network };
  } catch {
    return { ok: false, message: CHAT_MESSAGES.network };
  }
}
