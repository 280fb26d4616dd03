// The pictures of a post or a report (issue 17), up to `max`: each file goes to POST upload/image as it is chosen
// (lib/upload.ts), thumbnails show what was stored, × removes one; the form sends the addresses. One component for
// every composer (questions, answers, reviews, notes, reports).
import { useState } from 'react';
import { POST_IMAGES_MAX, type UploadPurpose } from '@fjt/domain';
import { showToast } from '../../lib/toast.ts';
import { uploadImage } from '../../lib/upload.ts';
import './image-uploader.css';

export function ImageUploader({
  images,
  onChange,
  purpose,
  max = POST_IMAGES_MAX,
  noun = '图片',
  testId = 'image',
  onBusy,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  purpose: UploadPurpose;
  max?: number;
  /** What the pictures are called: 图片, 截图. */
  noun?: string;
  /** Prefix of the test ids: <testId>-uploader, <testId>-thumb, <testId>-image-input. */
  testId?: string;
  /** Told when uploading starts and ends (a form may wait before it submits). */
  onBusy?: (busy: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const working = (on: boolean) => {
    setBusy(on);
    onBusy?.(on);
  };
  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = max - images.length;
    const chosen = [...files].slice(0, room);
    if (files.length > room) showToast(`最多上传${max}张${noun}`);
    working(true);
    const next = [...images];
    for (const file of chosen) {
      const up = await uploadImage(file, purpose);
      if ('error' in up) showToast(up.error);
      else if (!next.includes(up.url)) next.push(up.url);
    }
    working(false);
    onChange(next);
  };
  return (
    <div className="image-uploader" data-testid={`${testId}-uploader`}>
      {images.map((src, i) => (
        <span className="image-uploader__thumb" key={src} data-testid={`${testId}-thumb`}>
          <img src={src} alt={`${noun}${i + 1}`} />
          <button
            type="button"
            className="image-uploader__remove"
            aria-label={`删除${noun}${i + 1}`}
            onClick={() => onChange(images.filter((u) => u !== src))}
          />
        </span>
      ))}
      {images.length < max ? (
        <label className="image-uploader__add">
          <span aria-hidden="true">＋</span>
          <span>{busy ? '上传中…' : `${noun} ${images.length}/${max}`}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            disabled={busy}
            data-testid={`${testId}-image-input`}
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
