// /inform/detail?targetType&targetId&reason 填写反馈 (PAGES.md §3.8): the problem in words (≤200, counted), up to 3
// screenshots (POST upload/image, purpose inform) with thumbnails, the contact phone (the account's, masked, with
// 修改), then NEW POST inform/submit → /inform/succee?ticketNo. Login only: a visitor goes to /login and comes back
// here with the same query, so the target and reason chosen are kept.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  INFORM_DESCRIPTION_MAX,
  INFORM_IMAGES_MAX,
  INFORM_MESSAGES,
  INFORM_REASONS,
  SITE_DESCRIPTION,
  isValidMobile,
  pageTitle,
  type InformReason,
  type InformSubmitBody,
  type InformTargetBody,
} from '@fjt/domain';
import type { Route } from './+types/detail';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { showToast } from '../../lib/toast.ts';
import { TargetCard } from '../../features/inform/TargetCard.tsx';
import { informQuery, informReasonOf, informTargetOf, type InformChoice } from '../../features/inform/query.ts';
import { ImageUploader } from '../../components/image-uploader/ImageUploader.tsx';
import { NoTarget } from '../../features/inform/NoTarget.tsx';
import '../../features/inform/inform.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('填写反馈') },
  { name: 'description', content: `描述问题、上传截图并留下联系方式。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function InformDetail() {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const choice = informTargetOf(search);
  const reason = choice ? informReasonOf(search, choice) : null;
  const viewer = useLoginGuard();
  return (
    <main className="inform-page" data-testid="inform-detail-page">
      {!choice ? (
        <NoTarget />
      ) : !reason ? (
        <NoTarget message="请先选择纠错/举报原因" />
      ) : viewer.status !== 'user' ? (
        <RowsSkeleton count={5} />
      ) : (
        <DetailForm choice={choice} reason={reason} mobile={viewer.user.mobile} />
      )}
    </main>
  );
}

function DetailForm({ choice, reason, mobile }: { choice: InformChoice; reason: InformReason; mobile: string }) {
  const navigate = useNavigate();
  const { state, retry } = useApi<InformTargetBody>(
    `inform/target?targetType=${choice.targetType}&targetId=${choice.targetId}`,
  );
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [editingContact, setEditingContact] = useState(false);
  const [contact, setContact] = useState('');
  const [contactError, setContactError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') {
    return /不存在|已删除/.test(state.message) ? (
      <NoTarget message={state.message} />
    ) : (
      <LoadFailed title="加载失败" message={state.message} retry={retry} />
    );
  }
  const { target, verb } = state.body;
  const length = [...description.trim()].length;
  const over = length > INFORM_DESCRIPTION_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (over) return showToast(INFORM_MESSAGES.descriptionTooLong);
    const phone = contact.trim();
    if (editingContact && phone && !isValidMobile(phone)) return setContactError(INFORM_MESSAGES.badContact);
    setBusy(true);
    const res = await callApi<InformSubmitBody>('inform/submit', {
      ...choice,
      reason,
      description: description.trim(),
      images,
      ...(editingContact && phone ? { contact: phone } : {}),
    });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '提交失败，请稍后再试');
    if (res.body.existing) showToast('您已提交过，正在处理中');
    void navigate(`/inform/succee?ticketNo=${res.body.ticket.ticketNo}`, { replace: true });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`填写${verb}内容`} data-testid="inform-form">
      <TargetCard target={target} compact />
      <section className="inform-section inform-chosen" aria-label={`${verb}原因`}>
        <span data-testid="inform-chosen-reason">
          {verb}原因：{INFORM_REASONS[reason]}
        </span>
        <Link to={`/inform${informQuery(choice)}`} replace>
          修改
        </Link>
      </section>

      <section className="inform-section" aria-labelledby="inform-desc-title">
        <h2 id="inform-desc-title">问题描述（选填）</h2>
        <textarea
          className="inform-textarea"
          name="description"
          aria-labelledby="inform-desc-title"
          placeholder={verb === '纠错' ? '请描述正确的信息，如实际价格、房源状态等' : '请描述具体问题，便于我们核实'}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={over ? true : undefined}
        />
        <p className="inform-counter num" data-over={over} data-testid="inform-counter">
          {length}/{INFORM_DESCRIPTION_MAX}
        </p>
      </section>

      <section className="inform-section" aria-labelledby="inform-shots-title">
        <h2 id="inform-shots-title">截图（选填，最多{INFORM_IMAGES_MAX}张）</h2>
        <ImageUploader
          images={images}
          onChange={setImages}
          purpose="inform"
          max={INFORM_IMAGES_MAX}
          noun="截图"
          testId="inform"
          onBusy={setUploading}
        />
      </section>

      <section className="inform-section" aria-labelledby="inform-contact-title">
        <h2 id="inform-contact-title">联系电话</h2>
        {editingContact ? (
          <div className="inform-contact">
            <input
              name="contact"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              placeholder="请输入手机号"
              aria-labelledby="inform-contact-title"
              aria-invalid={contactError ? true : undefined}
              value={contact}
              onChange={(e) => {
                setContact(e.target.value.replace(/\D/g, ''));
                setContactError(null);
              }}
            />
            <button
              type="button"
              className="inform-link-button"
              onClick={() => {
                setEditingContact(false);
                setContact('');
                setContactError(null);
              }}
            >
              取消
            </button>
          </div>
        ) : (
          <div className="inform-contact">
            <span className="num" data-testid="inform-contact">
              {mobile}
            </span>
            <button type="button" className="inform-link-button" onClick={() => setEditingContact(true)}>
              修改
            </button>
          </div>
        )}
        {contactError ? (
          <p className="inform-error" role="alert">
            {contactError}
          </p>
        ) : null}
        <p className="inform-hint">仅用于核实问题，不会公开。</p>
      </section>

      <div className="bottom-bar inform-bar">
        <button type="submit" className="btn btn-primary" disabled={busy || uploading} data-testid="inform-submit">
          {busy ? '提交中…' : '提交'}
        </button>
      </div>
    </form>
  );
}
