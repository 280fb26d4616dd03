// 写回答 (/ask/v2/{id}): the question it answers, the answer with its counter (ANSWER_BODY_MIN–MAX) and up to 3
// images. Login first (a visitor goes to login and back); success opens the question's detail.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ANSWER_BODY_MAX, ANSWER_BODY_MIN, type QaPostedBody, type QaQuestion } from '@fjt/domain';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import './qa.css';

export function AnswerComposer({ question }: { question: Pick<QaQuestion, 'id' | 'title' | 'body' | 'estate'> }) {
  const viewer = useLoginGuard();
  const navigate = useNavigate();
  const [body, setBody] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const length = body.trim().length;

  const submit = async () => {
    if (length < ANSWER_BODY_MIN) return setError(`回答至少${ANSWER_BODY_MIN}个字`);
    if (length > ANSWER_BODY_MAX) return setError(`回答最多${ANSWER_BODY_MAX}个字`);
    setError(null);
    setBusy(true);
    const res = await callApi<QaPostedBody>('question-answer/answer', {
      questionId: question.id,
      body: body.trim(),
      images,
    });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      setError(res.errMsg || '发布失败，请稍后再试');
      return showToast(res.errMsg || '发布失败，请稍后再试');
    }
    showToast(res.body.flagged ? '已发布，内容审核中' : '回答成功');
    void navigate(`/qa-detail/${question.id}`, { replace: true });
  };

  return (
    <>
      <section className="qa-question" aria-label="问题">
        <Link to={`/qa-detail/${question.id}`} className="qa-card__title">
          <span className="qa-card__q" aria-hidden="true">
            问
          </span>
          {question.title}
        </Link>
        {question.body ? <UserText text={question.body} clamp={3} className="qa-question__body" /> : null}
      </section>
      {viewer.status !== 'user' ? (
        <RowsSkeleton count={3} />
      ) : (
        <form
          className="qa-form"
          style={{ marginTop: 8 }}
          data-testid="qa-answer-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label className="qa-form__label" htmlFor="qa-answer">
            你的回答
          </label>
          <div className="qa-form__field">
            <textarea
              id="qa-answer"
              name="body"
              value={body}
              placeholder="分享你的真实经验，帮助提问者做决定"
              onChange={(e) => setBody(e.target.value)}
              data-testid="qa-answer-body"
            />
            <span className={`qa-form__count${length > ANSWER_BODY_MAX ? ' qa-form__count--over' : ''}`}>
              {length}/{ANSWER_BODY_MAX}
            </span>
          </div>
          <ImageUploader images={images} onChange={setImages} purpose="answer" testId="qa" />
          <p className="qa-form__hint">请勿发布联系方式、广告等内容，违规内容将被删除</p>
          {error ? (
            <p className="qa-form__error" role="alert" data-testid="qa-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="qa-answer-submit">
            {busy ? '发布中…' : '发布回答'}
          </button>
        </form>
      )}
    </>
  );
}
