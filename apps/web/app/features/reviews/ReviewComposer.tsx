// 写点评: the composer sheet (one review per user and estate; with mine it edits and is prefilled). Five star rows
// (总体, 交通, 配套, 物业, 环境), tag chips (at most REVIEW_TAGS_MAX), the text with its counter, up to 3 pictures,
// and who I am (业主 only when verified). POST comment/add.
import { useState } from 'react';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_DIMENSIONS,
  REVIEW_RELATIONS,
  REVIEW_TAGS,
  REVIEW_TAGS_MAX,
  type ReviewAddBody,
  type ReviewCard,
} from '@fjt/domain';
import { LeadSheet } from '../../components/lead-form/LeadSheet.tsx';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { StarInput } from './Stars.tsx';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';

type Scores = Record<'overall' | 'traffic' | 'amenities' | 'property' | 'environment', number>;

export function ReviewComposer({
  visible,
  onClose,
  estateId,
  mine,
  ownerVerified,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  estateId: number;
  mine: ReviewCard | null;
  ownerVerified: boolean;
  onDone: (body: ReviewAddBody) => void;
}) {
  return (
    <LeadSheet visible={visible} onClose={onClose} title={mine ? '修改点评' : '写点评'} testId="review-composer">
      {/* remounted when my review arrives after the sheet opened, so it is prefilled */}
      <ComposerForm
        key={`${mine?.id ?? 'new'}:${ownerVerified}`}
        estateId={estateId}
        mine={mine}
        ownerVerified={ownerVerified}
        onDone={onDone}
      />
    </LeadSheet>
  );
}

function ComposerForm({
  estateId,
  mine,
  ownerVerified,
  onDone,
}: {
  estateId: number;
  mine: ReviewCard | null;
  ownerVerified: boolean;
  onDone: (body: ReviewAddBody) => void;
}) {
  const [scores, setScores] = useState<Scores>(() => ({
    overall: mine?.overall ?? 0,
    traffic: mine?.traffic ?? 0,
    amenities: mine?.amenities ?? 0,
    property: mine?.property ?? 0,
    environment: mine?.environment ?? 0,
  }));
  const [tags, setTags] = useState<string[]>(mine?.tags ?? []);
  const [body, setBody] = useState(mine?.body ?? '');
  const [images, setImages] = useState<string[]>(mine?.images ?? []);
  const [relation, setRelation] = useState<string>(
    mine?.relation === 'owner' && !ownerVerified ? 'visitor' : (mine?.relation ?? (ownerVerified ? 'owner' : 'tenant')),
  );
  const [busy, setBusy] = useState(false);
  const length = [...body.trim()].length;

  const toggleTag = (t: string) => {
    if (tags.includes(t)) setTags(tags.filter((x) => x !== t));
    else if (tags.length >= REVIEW_TAGS_MAX) showToast(`最多选择${REVIEW_TAGS_MAX}个标签`);
    else setTags([...tags, t]);
  };

  const submit = async () => {
    const missing = (['overall', ...REVIEW_DIMENSIONS.map((d) => d.key)] as const).find((k) => scores[k] === 0);
    if (missing) return showToast('请为每一项打分');
    if (length < REVIEW_BODY_MIN) return showToast(`点评内容至少${REVIEW_BODY_MIN}个字`);
    if (length > REVIEW_BODY_MAX) return showToast(`点评内容最多${REVIEW_BODY_MAX}个字`);
    setBusy(true);
    const res = await callApi<ReviewAddBody>('comment/add', { estateId, ...scores, tags, body, images, relation });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '发布失败，请重试');
    onDone(res.body);
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
        <StarInput
          label="总体评分"
          value={scores.overall}
          onChange={(v) => setScores({ ...scores, overall: v })}
          testId="score-overall"
        />
        {REVIEW_DIMENSIONS.map((d) => (
          <StarInput
            key={d.key}
            label={d.label}
            value={scores[d.key]}
            onChange={(v) => setScores({ ...scores, [d.key]: v })}
            testId={`score-${d.key}`}
          />
        ))}
        <p className="review-composer__label">
          选择标签<small>（最多{REVIEW_TAGS_MAX}个）</small>
        </p>
        <div className="rv-chips" role="group" aria-label="标签">
          {REVIEW_TAGS.map((t) => (
            <button
              key={t}
              type="button"
              className={tags.includes(t) ? 'rv-chip rv-chip--on' : 'rv-chip'}
              aria-pressed={tags.includes(t)}
              onClick={() => toggleTag(t)}
            >
              {t}
            </button>
          ))}
        </div>
        <p className="review-composer__label">我的身份</p>
        <div className="rv-chips" role="radiogroup" aria-label="我的身份">
          {REVIEW_RELATIONS.filter((r) => r.key !== 'owner' || ownerVerified).map((r) => (
            <button
              key={r.key}
              type="button"
              role="radio"
              aria-checked={relation === r.key}
              className={relation === r.key ? 'rv-chip rv-chip--on' : 'rv-chip'}
              onClick={() => setRelation(r.key)}
            >
              {r.label}
            </button>
          ))}
        </div>
        <label className="review-composer__text">
          <span className="visually-hidden">点评内容</span>
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={`说说交通、配套、物业、环境的真实感受（${REVIEW_BODY_MIN}-${REVIEW_BODY_MAX}字）`}
            rows={5}
            maxLength={REVIEW_BODY_MAX + 50}
            data-testid="review-body-input"
          />
          <span className={length > REVIEW_BODY_MAX ? 'rv-counter rv-counter--over num' : 'rv-counter num'}>
            {length}/{REVIEW_BODY_MAX}
          </span>
        </label>
        <ImageUploader images={images} onChange={setImages} purpose="review" onBusy={setBusy} />
      </div>
      <button
        type="submit"
        className="btn btn-primary review-composer__submit"
        disabled={busy}
        data-testid="review-submit"
      >
        {mine ? '保存修改' : '发布点评'}
      </button>
    </form>
  );
}
