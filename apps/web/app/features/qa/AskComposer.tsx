// 提问 (/{city}/ask-qa, /{city}/qa-list/{houseId}/ask-qa): the title with its counter (QA_TITLE_MIN–QA_TITLE_MAX),
// the description with its counter (≤ QA_BODY_MAX), up to 3 images, a topic chip and, optionally, the estate (the
// shared estate picker; prefilled under an estate). A visitor goes to login and comes back; success opens the new
// question. The server's refusals (too fast, blocked words, banned …) are shown as they come.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QA_BODY_MAX, QA_TITLE_MAX, QA_TITLE_MIN, QA_TOPICS, type QaPostedBody, type QaTopic } from '@fjt/domain';
import { EstatePicker, type PickedEstate } from '../../components/estate-picker/EstatePicker.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import '../../components/lead-form/lead-form.css';
import './qa.css';

export function AskComposer({ cityId, estate }: { cityId: number; estate: PickedEstate | null }) {
  const viewer = useLoginGuard();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [topic, setTopic] = useState<QaTopic | null>(null);
  const [picked, setPicked] = useState<PickedEstate | null>(estate);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (viewer.status !== 'user')
    return (
      <div data-testid="qa-ask-loading">
        <RowsSkeleton count={4} />
      </div>
    );

  const titleLength = title.trim().length;
  const submit = async () => {
    if (titleLength < QA_TITLE_MIN) return setError(`标题至少${QA_TITLE_MIN}个字`);
    if (titleLength > QA_TITLE_MAX) return setError(`标题最多${QA_TITLE_MAX}个字`);
    if (body.length > QA_BODY_MAX) return setError(`问题描述最多${QA_BODY_MAX}个字`);
    if (!topic) return setError('请选择话题');
    setError(null);
    setBusy(true);
    const res = await callApi<QaPostedBody>('question-answer/ask', {
      cityId,
      estateId: picked?.id ?? null,
      topic,
      title: title.trim(),
      body: body.trim(),
      images,
    });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      setError(res.errMsg || '发布失败，请稍后再试');
      return showToast(res.errMsg || '发布失败，请稍后再试');
    }
    showToast(res.body.flagged ? '已发布，内容审核中' : '发布成功');
    void navigate(`/qa-detail/${res.body.id}`, { replace: true });
  };

  return (
    <form
      className="qa-form"
      data-testid="qa-ask-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="qa-form__label" htmlFor="qa-title">
        问题标题
      </label>
      <div className="qa-form__field">
        <input
          id="qa-title"
          name="title"
          value={title}
          maxLength={QA_TITLE_MAX + 10}
          placeholder={`一句话说清你的问题（${QA_TITLE_MIN}-${QA_TITLE_MAX}字）`}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="qa-title"
        />
        <span className={`qa-form__count${titleLength > QA_TITLE_MAX ? ' qa-form__count--over' : ''}`}>
          {titleLength}/{QA_TITLE_MAX}
        </span>
      </div>
      <label className="qa-form__label" htmlFor="qa-body">
        问题描述（选填）
      </label>
      <div className="qa-form__field">
        <textarea
          id="qa-body"
          name="body"
          value={body}
          placeholder="补充预算、需求等背景，更容易得到好回答"
          onChange={(e) => setBody(e.target.value)}
          data-testid="qa-body"
        />
        <span className={`qa-form__count${body.length > QA_BODY_MAX ? ' qa-form__count--over' : ''}`}>
          {body.length}/{QA_BODY_MAX}
        </span>
      </div>
      <ImageUploader images={images} onChange={setImages} purpose="question" testId="qa" />
      <span className="qa-form__label">话题</span>
      <div className="qa-chips" style={{ padding: 0, flexWrap: 'wrap' }} role="group" aria-label="话题">
        {QA_TOPICS.map((t) => (
          <button
            key={t.key}
            type="button"
            className="qa-chip"
            aria-pressed={topic === t.key}
            onClick={() => setTopic(t.key)}
            data-testid={`qa-topic-${t.key}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <span className="qa-form__label">关联小区（选填）</span>
      <EstatePicker cityId={cityId} picked={picked} onPick={setPicked} />
      <p className="qa-form__hint">请勿发布联系方式、广告等内容，违规内容将被删除</p>
      {error ? (
        <p className="qa-form__error" role="alert" data-testid="qa-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="qa-submit">
        {busy ? '发布中…' : '发布问题'}
      </button>
    </form>
  );
}
