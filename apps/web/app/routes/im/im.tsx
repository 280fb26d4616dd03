// /im?userid&username 在线咨询 (issue 15, PAGES.md §3.12, spec §4/§6/§8): the support chat, with 客服 (userid
// support) or one agent (userid agent-<id>). Login only: the login check runs first, a visitor goes to login and
// back. Everything personal happens in the browser (the server renders the same shell for everyone and never opens
// a WebSocket): the conversation is opened with POST im/conversations, its newest history loaded, then /ws/im keeps
// it live (features/chat).
import { useCallback, useMemo } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import {
  DEFAULT_CITY_ID,
  SITE_DESCRIPTION,
  canUseChatMessageInfo,
  pageTitle,
  readImQuery,
  type ChatPeer,
  type ImQuery,
} from '@fjt/domain';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { TitleBar } from '../../components/app-chrome/TitleBar.tsx';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ChatRoom } from '../../features/chat/ChatRoom.tsx';
import { peerOf, useChat } from '../../features/chat/use-chat.ts';

/** The header when neither the link (username) nor the conversation names the peer. */
const DEFAULT_TITLE = '在线客服';

export const meta = () => [
  { title: pageTitle('在线咨询') },
  { name: 'description', content: `在线咨询房价通客服或经纪人。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function ImPage() {
  const [search] = useSearchParams();
  const query = useMemo(() => readImQuery(search), [search]);
  const peer = peerOf(query.userid);
  const root = useRouteLoaderData('root') as { cityId?: number } | undefined;
  const cityId = root?.cityId ?? DEFAULT_CITY_ID;
  const flags = useClientFlags();
  // a link to no peer is a dead end whether signed in or not: say so without a detour through login
  if (peer === null)
    return (
      <main className="chat-page">
        {flags.isApp ? null : <TitleBar title={DEFAULT_TITLE} cityId={cityId} />}
        <EmptyState
          testId="chat-bad-peer"
          art="data"
          title="无法发起咨询"
          hint="咨询对象不正确，请从客服中心或经纪人页重新进入"
          action={
            <Link className="btn btn-primary" to={`/${cityId}`}>
              返回首页
            </Link>
          }
        />
      </main>
    );
  // the chat's message info (the estate the user came from, as a card to send) needs the app from 12.8.0 (spec §4)
  const about = canUseChatMessageInfo(flags) ? (query.about ?? null) : null;
  return <Chat key={peer} peer={peer} username={query.username} cityId={cityId} isApp={flags.isApp} about={about} />;
}

function Chat({
  peer,
  username,
  cityId,
  isApp,
  about,
}: {
  peer: ChatPeer;
  username: string | null;
  cityId: number;
  isApp: boolean;
  about: ImQuery['about'];
}) {
  const viewer = useLoginGuard();
  const onError = useCallback((message: string) => showToast(message), []);
  const chat = useChat(viewer.status === 'user' ? peer : null, cityId, onError);
  const header = username || (chat.phase.status === 'ready' ? chat.phase.conversation.title : '') || DEFAULT_TITLE;

  if (chat.phase.status === 'error')
    return (
      <main className="chat-page">
        {isApp ? null : <TitleBar title={header} cityId={cityId} />}
        <LoadFailed testId="chat-failed" title="暂时无法连接客服" message={chat.phase.message} retry={chat.retry} />
      </main>
    );

  if (viewer.status !== 'user' || chat.phase.status !== 'ready' || !chat.connection)
    return (
      <main className="chat-page" data-testid="chat-loading">
        {isApp ? null : <TitleBar title={header} cityId={cityId} />}
        <RowsSkeleton count={4} />
      </main>
    );

  return (
    <main className="chat-page">
      <ChatRoom
        title={header}
        cityId={cityId}
        isApp={isApp}
        conversation={chat.phase.conversation}
        snapshot={chat.snapshot}
        connection={chat.connection}
        more={chat.more}
        loadingOlder={chat.loadingOlder}
        loadOlder={chat.loadOlder}
        reopen={chat.retry}
        onError={onError}
        about={about ?? undefined}
      />
    </main>
  );
}
