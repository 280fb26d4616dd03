// /profile/info 个人信息 (PAGES.md §3.9): avatar (from the built-in set), nickname, masked phone; export my data
// (GET user/export, a JSON file); 退出登录 (POST login/logout); 注销账号 after typing the confirmation words
// (POST user/delete: personal data erased, orders kept anonymously). Login only.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  AVATARS,
  DELETE_CONFIRMATION,
  NICKNAME_MAX,
  SITE_DESCRIPTION,
  pageTitle,
  type PrivacyBody,
  type UserInfo,
} from '@fjt/domain';
import type { Route } from './+types/profile-info';
import { callApi, forgetLogin, rememberLogin, useLoginGuard } from '../../lib/session.ts';
import { Avatar, displayName } from '../../components/avatar/Avatar.tsx';
import { clearKeptPages } from '../../lib/pwa.ts';
import '../../features/account/account.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('个人信息') },
  { name: 'description', content: `头像、昵称、手机号，退出登录与注销账号。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

type Panel = 'avatar' | 'nickname' | 'delete' | null;

async function toast(text: string) {
  const { showToast } = await import('../../lib/toast.ts');
  showToast(text);
}

export default function ProfileInfoPage() {
  const viewer = useLoginGuard();
  const navigate = useNavigate();
  const [edited, setEdited] = useState<UserInfo | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const user = edited ?? viewer.user;
  // 个性化推荐与统计 (issue 18): this browser's choice, and the account's once known
  const [tracking, setTracking] = useState<boolean | null>(null);
  const signedIn = viewer.user !== null;
  // lib/tracking is imported when needed, never with this page's own JS (root.tsx loads it after hydration)
  useEffect(() => {
    if (!signedIn) return;
    void Promise.all([import('../../lib/tracking.ts'), callApi<PrivacyBody>('user/privacy')]).then(([t, res]) =>
      setTracking(t.readTrackingChoice() && (res.body?.tracking ?? true)),
    );
  }, [signedIn]);

  if (!user) {
    return (
      <main className="acct" aria-busy="true" data-testid="profile-info-loading">
        <div className="acct-panel">
          <span className="sk-bone" style={{ width: '60%', height: 18 }} />
          <span className="sk-bone" style={{ width: '40%', height: 18 }} />
        </div>
      </main>
    );
  }

  const update = async (changes: { nickname?: string; avatar?: string }) => {
    const from: Panel = changes.avatar !== undefined ? 'avatar' : 'nickname';
    setBusy(true);
    setError('');
    const res = await callApi<UserInfo>('user/update', changes);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      setError(res.errMsg || '保存失败，请稍后再试');
      return false;
    }
    setEdited(res.body);
    rememberLogin(res.body);
    // close the panel that saved, not one opened since
    setPanel((open) => (open === from ? null : open));
    void toast('已保存');
    return true;
  };

  const saveNickname = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('nickname');
    void update({ nickname: typeof value === 'string' ? value : '' });
  };

  const logout = async () => {
    setBusy(true);
    const res = await callApi('login/logout', {});
    setBusy(false);
    if (res.resultCode !== 0) return void toast(res.errMsg || '退出失败，请稍后再试');
    // quietly: this page's own guard must not send us to /login on the way out
    forgetLogin({ quietly: true });
    clearKeptPages();
    void navigate('/profile', { replace: true });
  };

  const exportData = async () => {
    const res = await callApi<unknown>('user/export');
    if (res.resultCode !== 0 || !res.body) return void toast(res.errMsg || '导出失败，请稍后再试');
    const blob = new Blob([JSON.stringify(res.body, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = '房价通-我的数据.json';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  const deleteAccount = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const confirm = new FormData(event.currentTarget).get('confirm');
    setBusy(true);
    setError('');
    const res = await callApi('user/delete', { confirm });
    setBusy(false);
    if (res.resultCode !== 0) return setError(res.errMsg || '注销失败，请稍后再试');
    forgetLogin({ quietly: true });
    clearKeptPages();
    void toast('账号已注销');
    void navigate('/profile', { replace: true });
  };

  const toggleTracking = async () => {
    const next = !(tracking ?? true);
    setBusy(true);
    const res = await callApi<PrivacyBody>('user/privacy', { tracking: next });
    setBusy(false);
    if (res.resultCode !== 0) return void toast(res.errMsg || '保存失败，请稍后再试');
    (await import('../../lib/tracking.ts')).writeTrackingChoice(next);
    setTracking(next);
    void toast(next ? '已开启个性化推荐与统计' : '已关闭个性化推荐与统计');
  };

  const open = (next: Panel) => {
    setError('');
    setPanel(panel === next ? null : next);
  };

  return (
    <main className="acct" data-testid="profile-info">
      <ul className="acct-list">
        <li>
          <button type="button" onClick={() => open('avatar')} aria-expanded={panel === 'avatar'}>
            <span className="acct-list__label">头像</span>
            <Avatar avatar={user.avatar} size={40} />
            <span className="acct-list__arrow" aria-hidden="true">
              ›
            </span>
          </button>
        </li>
        <li>
          <button type="button" onClick={() => open('nickname')} aria-expanded={panel === 'nickname'}>
            <span className="acct-list__label">昵称</span>
            <span className="acct-list__value" data-testid="info-nickname">
              {displayName(user)}
            </span>
            <span className="acct-list__arrow" aria-hidden="true">
              ›
            </span>
          </button>
        </li>
        <li>
          <div className="acct-row">
            <span className="acct-list__label">手机号</span>
            <span className="acct-list__value num" data-testid="info-phone">
              {user.mobile}
            </span>
          </div>
        </li>
      </ul>

      {panel === 'avatar' ? (
        <section className="acct-panel" aria-label="选择头像">
          <h2>选择头像</h2>
          <div className="acct-avatars">
            {AVATARS.map((a) => (
              <button
                key={a.key}
                type="button"
                aria-pressed={user.avatar === a.key}
                aria-label={`头像：${a.char}`}
                disabled={busy}
                onClick={() => void update({ avatar: a.key })}
              >
                <Avatar avatar={a.key} size={48} />
              </button>
            ))}
          </div>
          {error ? <p className="acct-error">{error}</p> : null}
        </section>
      ) : null}

      {panel === 'nickname' ? (
        <form className="acct-panel" aria-label="修改昵称" onSubmit={saveNickname}>
          <h2>修改昵称</h2>
          <label className="acct-field">
            <span className="visually-hidden">昵称</span>
            <input name="nickname" defaultValue={user.nickname ?? ''} maxLength={NICKNAME_MAX} autoFocus />
          </label>
          <p className="acct-error" role="alert">
            {error}
          </p>
          <p className="acct-list__value">1-{NICKNAME_MAX}个字，可用中文、字母、数字、下划线和短横线</p>
          <div className="acct-panel__actions">
            <button type="button" className="btn" onClick={() => setPanel(null)}>
              取消
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              保存
            </button>
          </div>
        </form>
      ) : null}

      <ul className="acct-list">
        <li>
          <button
            type="button"
            role="switch"
            aria-checked={tracking ?? true}
            disabled={busy || tracking === null}
            onClick={() => void toggleTracking()}
            data-testid="privacy-tracking"
          >
            <span className="acct-list__label">个性化推荐与统计</span>
            <span className="acct-list__value">{tracking === false ? '已关闭' : '已开启'}</span>
            <span className="acct-switch" aria-hidden="true" />
          </button>
        </li>
        <li>
          <button type="button" onClick={() => void exportData()}>
            <span className="acct-list__label">导出我的数据</span>
            <span className="acct-list__value">JSON 文件</span>
          </button>
        </li>
        <li>
          <button type="button" onClick={() => open('delete')} aria-expanded={panel === 'delete'}>
            <span className="acct-list__label">注销账号</span>
            <span className="acct-list__arrow" aria-hidden="true">
              ›
            </span>
          </button>
        </li>
      </ul>

      {panel === 'delete' ? (
        <form className="acct-panel" aria-label="注销账号" onSubmit={(e) => void deleteAccount(e)}>
          <h2>注销账号</h2>
          <ul>
            <li>注销后，手机号、昵称、头像、订阅、收藏、消息和登录记录将被永久删除，无法恢复；</li>
            <li>已购订单将以匿名方式保留，用于财务对账；</li>
            <li>注销后可用同一手机号重新注册，但不会恢复原有数据。</li>
          </ul>
          <label className="acct-field">
            <span className="visually-hidden">确认文字</span>
            <input name="confirm" placeholder={`请输入“${DELETE_CONFIRMATION}”`} autoComplete="off" />
          </label>
          <p className="acct-error" role="alert">
            {error}
          </p>
          <div className="acct-panel__actions">
            <button type="button" className="btn" onClick={() => setPanel(null)}>
              取消
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              确认注销
            </button>
          </div>
        </form>
      ) : null}

      <ul className="acct-list">
        <li>
          <button type="button" className="acct-danger" disabled={busy} onClick={() => void logout()}>
            退出登录
          </button>
        </li>
      </ul>
    </main>
  );
}
