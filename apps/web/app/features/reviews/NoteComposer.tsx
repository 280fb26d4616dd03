// 写笔记: a signed-in buyer's viewing note on an estate (POST house/basic-info/notes/add): a title, when they viewed,
// 采光/噪音/户型/物业/房屋状况 each 好|中|差 (optional), the text with its counter, up to 3 pictures.
import { useState } from 'react';
import {
  NOTE_BODY_MAX,
  NOTE_BODY_MIN,
  NOTE_GRADES,
  NOTE_HIGHLIGHTS,
  NOTE_TITLE_MAX,
  NOTE_TITLE_MIN,
  type NoteCard,
} from '@fjt/domain';
import { LeadSheet } from '../../components/lead-form/LeadSheet.tsx';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';

const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export function NoteComposer({
  visible,
  onClose,
  estateId,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  estateId: number;
  onDone: (note: NoteCard) => void;
}) {
  return (
    <LeadSheet visible={visible} onClose={onClose} title="写看房笔记" testId="note-composer">
      <NoteForm estateId={estateId} onDone={onDone} />
    </LeadSheet>
  );
}

function NoteForm({ estateId, onDone }: { estateId: number; onDone: (note: NoteCard) => void }) {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [viewedAt, setViewedAt] = useState(chinaToday);
  const [highlights, setHighlights] = useState<Record<string, string>>({});
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const length = [...body.trim()].length;

  const submit = async () => {
    const t = [...title.trim()].length;
    if (t < NOTE_TITLE_MIN || t > NOTE_TITLE_MAX) return showToast(`标题需${NOTE_TITLE_MIN}到${NOTE_TITLE_MAX}个字`);
    if (length < NOTE_BODY_MIN) return showToast(`笔记内容至少${NOTE_BODY_MIN}个字`);
    if (length > NOTE_BODY_MAX) return showToast(`笔记内容最多${NOTE_BODY_MAX}个字`);
    setBusy(true);
    const res = await callApi<{ note: NoteCard }>('house/basic-info/notes/add', {
      estateId,
      title,
      body,
      viewedAt,
      highlights,
      images,
    });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '发布失败，请重试');
    onDone(res.body.note);
  };

  return (
    <form
      className="review-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="review-composer__scroll">
        <label className="rv-field">
          <span>标题</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="一句话说说这次看房"
            maxLength={NOTE_TITLE_MAX + 10}
            data-testid="note-title-input"
          />
        </label>
        <label className="rv-field">
          <span>看房日期</span>
          <input type="date" value={viewedAt} max={chinaToday()} onChange={(e) => setViewedAt(e.target.value)} />
        </label>
        {NOTE_HIGHLIGHTS.map((h) => (
          <div key={h.key} className="rv-grade" role="radiogroup" aria-label={h.label}>
            <span className="rv-grade__label">{h.label}</span>
            {NOTE_GRADES.map((g) => (
              <button
                key={g}
                type="button"
                role="radio"
                aria-checked={highlights[h.key] === g}
                className={highlights[h.key] === g ? 'rv-chip rv-chip--on' : 'rv-chip'}
                onClick={() => {
                  const next = { ...highlights };
                  if (next[h.key] === g) delete next[h.key];
                  else next[h.key] = g;
                  setHighlights(next);
                }}
              >
                {g}
              </button>
            ))}
          </div>
        ))}
        <label className="review-composer__text">
          <span className="visually-hidden">笔记内容</span>
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={`采光、噪音、户型、物业、房屋状况……看到的真实情况（${NOTE_BODY_MIN}-${NOTE_BODY_MAX}字）`}
            rows={6}
            maxLength={NOTE_BODY_MAX + 50}
            data-testid="note-body-input"
          />
          <span className={length > NOTE_BODY_MAX ? 'rv-counter rv-counter--over num' : 'rv-counter num'}>
            {length}/{NOTE_BODY_MAX}
          </span>
        </label>
        <ImageUploader images={images} onChange={setImages} purpose="note" onBusy={setBusy} />
      </div>
      <button
        type="submit"
        className="btn btn-primary review-composer__submit"
        disabled={busy}
        data-testid="note-submit"
      >
        发布笔记
      </button>
    </form>
  );
}
