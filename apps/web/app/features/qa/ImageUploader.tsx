// Up to POST_IMAGES_MAX images of a post: each file goes to POST upload/image (multipart, purpose question or
// answer) as it is chosen; the thumbnails show what was uploaded, × removes one. The post sends the URLs.
import { useState } from 'react';
import { POST_IMAGES_MAX, type Envelope, type UploadPurpose } from '@fjt/domain';
import { API } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';

async function upload(file: File, purpose: UploadPurpose): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`${API}/upload/image`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'fetch' },
    });
  } catch {
    throw new Error('网络异常，请稍后再试');
  }
  const json = (await res.json().catch(() => null)) as Envelope<{ url: string } | null> | null;
  if (!json || json.resultCode !== 0 || !json.body) throw new Error(json?.errMsg || '图片上传失败');
  return json.body.url;
}

export function ImageUploader({
  images,
  onChange,
  purpose,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  purpose: UploadPurpose;
}) {
  const [busy, setBusy] = useState(false);
  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = POST_IMAGES_MAX - images.length;
    const chosen = [...files].slice(0, room);
    if (files.length > room) showToast(`最多上传${POST_IMAGES_MAX}张图片`);
    setBusy(true);
    const next = [...images];
    for (const file of chosen) {
      try {
        next.push(await upload(file, purpose));
      } catch (error) {
        showToast((error as Error).message);
      }
    }
    setBusy(false);
    onChange(next);
  };
  return (
    <div className="qa-uploader" data-testid="qa-uploader">
      {images.map((src, i) => (
        <span className="qa-thumb" key={src} data-testid="qa-thumb">
          <img src={src} alt={`图片${i + 1}`} />
          <button
            type="button"
            className="qa-thumb__remove"
            aria-label={`删除图片${i + 1}`}
            onClick={() => onChange(images.filter((u) => u !== src))}
          >
            ×
          </button>
        </span>
      ))}
      {images.length < POST_IMAGES_MAX ? (
        <label className="qa-uploader__add">
          <span aria-hidden="true">＋</span>
          <span>{busy ? '上传中…' : `图片 ${images.length}/${POST_IMAGES_MAX}`}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            disabled={busy}
            data-testid="qa-image-input"
            onChange={(e) => {
              void add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
