// /activity/msglink/error?reason 链接已失效 (PAGES.md §3.13): an SMS link that is expired or not a link of ours (altered,
// cut short by the SMS app, or made up). Says which, and offers the next steps: 消息 (where every alert also is) and
// the home page.
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/topics/topics.css';

export const meta = () => [
  { title: pageTitle('链接已失效') },
  { name: 'description', content: '短信链接已过期或无效：可以在消息中查看提醒，或回到首页。' },
  { name: 'robots', content: 'noindex' },
];

const COPY = {
  expired: {
    title: '链接已过期',
    hint: '短信链接有效期为30天，这条链接已经过期。提醒内容仍保存在“消息”中，登录后即可查看。',
  },
  invalid: {
    title: '链接无效',
    hint: '这条链接不完整或已被修改，请检查短信中的链接是否完整复制；提醒内容也可以在“消息”中查看。',
  },
} as const;

export default function MsgLinkErrorPage() {
  const [search] = useSearchParams();
  const copy = search.get('reason') === 'expired' ? COPY.expired : COPY.invalid;
  return (
    <main className="msglink-page" data-testid="msglink-error">
      <EmptyState
        art="data"
        title={copy.title}
        hint={copy.hint}
        action={
          <>
            <Link className="btn btn-primary" to="/profile/message">
              查看消息
            </Link>
            <Link className="btn" to="/">
              回到首页
            </Link>
          </>
        }
      />
    </main>
  );
}
