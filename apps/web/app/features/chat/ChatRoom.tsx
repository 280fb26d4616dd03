// The chat of /im (PAGES.md §3.12): the peer header, the messages (bubbles, date separators, notices, estate cards,
// images with a full-screen preview), older history paged in at the top, the offline banner and the input bar.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import {
  CHAT_IMAGE_TYPES,
  CHAT_MAX_TEXT,
  CHAT_MESSAGES,
  type ChatConversation,
  type ChatMessage,
  CHAT_BOT,
} from '@fjt/domain';
import { TitleBar } from '../../components/app-chrome/TitleBar.tsx';
import { unitPrice } from '../../lib/display.ts';
import type { ChatConnection, ChatPreview, ChatSnapshot, OutboxEntry } from './connection.ts';
import { buildTimeline, type ChatViewerSide } from './timeline.ts';
import { uploadChatImage } from './upload.ts';
import './chat.css';
import { useOnline } from '../../components/online-banner/OnlineBanner.tsx';

/** The counter shows from this many characters on. */
const COUNTER_FROM = CHAT_MAX_TEXT - 100;
/** Closer than this to the top loads older messages; to the bottom, new ones keep the view at the bottom. */
const EDGE_PX = 60;

/** What the bar in place of the composer says once the conversation is closed. */
const CLOSED_TEXT: Record<ChatViewerSide, string> = { user: '本次咨询已结束', staff: '会话已结束' };

const STATE_LINE: Record<ChatViewerSide, Record<ChatConversation['state'], string>> = {
  user: {
    bot: '智能助手为你服务',
    waiting: '正在为你转接人工客服，请稍候',
    claimed: '',
    // said once, by the bar that replaces the composer
    closed: '',
  },
  staff: {
    bot: '智能助手接待中，可直接接入',
    waiting: '用户正在等待人工接入',
    claimed: '',
    closed: '',
  },
};

export interface ChatRoomProps {
  title: string;
  cityId: number;
  /** Inside the app the native bar shows the title and back; the page draws only its status line. */
  isApp: boolean;
  conversation: ChatConversation;
  snapshot: ChatSnapshot;
  connection: ChatConnection;
  more: boolean;
  loadingOlder: boolean;
  /** True when older messages were added. */
  loadOlder: () => Promise<boolean>;
  /** 重新咨询 after the conversation was closed: opens the peer's conversation again (the user's side only). */
  reopen?: () => void;
  /** Who reads it: the user (default), or staff in the support console (their side on the right). */
  viewer?: ChatViewerSide;
  /** Drawn instead of the title bar (the console's own header). */
  header?: ReactNode;
  /** Drawn instead of the input bar (the console's 接入 bar before a claim). */
  footer?: ReactNode;
  /** Canned replies above the input: a tap puts one in the input. */
  quickReplies?: readonly string[];
  /** The estate the user came from (message info): offered once as a card to send. */
  about?: { cityId: number; estateId: number } | undefined;
  /** A message for the user (a toast): an image refused or not uploaded. */
  onError: (message: string) => void;
}

export function ChatRoom(props: ChatRoomProps) {
  const { title, cityId, isApp, snapshot, connection, more, loadingOlder, loadOlder, reopen, onError } = props;
  const viewer = props.viewer ?? 'user';
  const view = snapshot.conversations.get(props.conversation.id);
  const conversation = view?.conversation ?? props.conversation;
  const closed = conversation.state === 'closed';
  const [now] = useState(() => new Date());
  const messages = useMemo(() => view?.messages ?? [], [view]);
  const pending = useMemo(
    () => snapshot.outbox.filter((e) => e.conversationId === conversation.id),
    [snapshot.outbox, conversation.id],
  );
  const items = useMemo(() => buildTimeline(messages, pending, now, viewer), [messages, pending, now, viewer]);
  // the read receipt goes under the last of my messages: 已读 once the other side's read mark reaches it
  const lastMine = useMemo(() => {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!;
      if (item.type === 'message' && item.mine) return item.message.seq;
    }
    return null;
  }, [items]);
  const peerRead = (view?.peerReadSeq ?? 0) >= (lastMine ?? Infinity);
  // only a person reads: no receipts while the bot answers or the conversation waits
  const [preview, setPreview] = useState<ChatMessage['image']>(null);
  const closePreview = useCallback(() => setPreview(null), []);

  const rootRef = useRef<HTMLDivElement>(null);
  useFillViewport(rootRef);

  // ---------- scrolling: bottom on open and on new messages (when already there), kept in place when older load
  const listRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** While older messages load: the first message shown and its distance from the list's top. */
  const olderAnchor = useRef<{ key: string; offset: number } | null>(null);
  const firstKey = items.find((i) => i.type !== 'date')?.key ?? null;
  const lastKey = items[items.length - 1]?.key ?? null;

  useLayoutEffect(() => {
    const list = listRef.current;
    const anchor = olderAnchor.current;
    if (!list || !anchor) return;
    olderAnchor.current = null;
    // older messages went in above: the message that was first stays where it was on screen (a date separator
    // above it may have moved up to the older ones, so the change in height alone would be off by its height)
    const el = list.querySelector<HTMLElement>(`[data-key="${anchor.key}"]`);
    if (el) list.scrollTop += offsetIn(list, el) - anchor.offset;
  }, [firstKey]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const last = items[items.length - 1];
    if (atBottom.current || last?.type === 'pending') list.scrollTop = list.scrollHeight;
    // lastKey stands for the items: only a new last item moves the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey]);

  // the list gets shorter (the input grows, a banner shows): a view at the bottom stays there
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) list.scrollTop = list.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const requestOlder = () => {
    const list = listRef.current;
    // olderAnchor is set while a page is on its way (two scroll events may come before loadingOlder is)
    if (!list || !more || loadingOlder || olderAnchor.current) return;
    const first = firstKey ? list.querySelector<HTMLElement>(`[data-key="${firstKey}"]`) : null;
    olderAnchor.current = first && firstKey ? { key: firstKey, offset: offsetIn(list, first) } : null;
    void loadOlder().then((added) => {
      // a page that failed or added nothing moves no message: drop the anchor so that the next try can go
      if (!added) olderAnchor.current = null;
    });
  };

  const onScroll = () => {
    const list = listRef.current;
    if (!list) return;
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < EDGE_PX;
    if (list.scrollTop < EDGE_PX) requestOlder();
  };

  // a first page shorter than the screen cannot be scrolled up: load the next one straight away (once per first
  // message, so a failing page is not asked for again and again)
  const autoOlderFor = useRef<string | null>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list || !more || loadingOlder || autoOlderFor.current === firstKey) return;
    if (list.scrollHeight > list.clientHeight) return;
    autoOlderFor.current = firstKey;
    requestOlder();
  });

  // ---------- read receipts: what reached the screen is read
  const lastSeq = view?.lastSeq ?? 0;
  const readSent = useRef(conversation.readSeq);
  useEffect(() => {
    if (snapshot.status !== 'open' || lastSeq <= readSent.current) return;
    readSent.current = lastSeq;
    connection.markRead(conversation.id, lastSeq);
  }, [snapshot.status, lastSeq, connection, conversation.id]);

  const reconnecting = snapshot.status === 'offline' || snapshot.status === 'connecting';
  const [everOpen, setEverOpen] = useState(false);
  const online = useOnline();
  useEffect(() => {
    if (snapshot.status === 'open') setEverOpen(true);
  }, [snapshot.status]);

  const typing = view?.typing ? `${view.typing.name || '对方'}正在输入…` : null;
  const staffLine =
    conversation.state === 'claimed' && conversation.staffName ? `${conversation.staffName}为你服务` : '';
  // an agent's conversation waits for that agent, not for a transfer to support
  const stateLine =
    viewer === 'user' && conversation.state === 'waiting' && conversation.peer !== 'support'
      ? `${conversation.title}会尽快回复你`
      : STATE_LINE[viewer][conversation.state];
  const statusLine = typing ?? (stateLine || (viewer === 'user' ? staffLine : ''));
  const [aboutSent, setAboutSent] = useState(false);

  return (
    <div className="chat" data-testid="chat" ref={rootRef}>
      {props.header !== undefined ? props.header : isApp ? null : <TitleBar title={title} cityId={cityId} />}
      {statusLine ? (
        <p className="chat__status" data-testid="chat-status" aria-live="polite">
          {statusLine}
        </p>
      ) : null}
      {/* offline, the app's own banner says so; this one is for a connection lost while the network is up */}
      {online && reconnecting && (everOpen || snapshot.status === 'offline') ? (
        <p className="chat__offline" role="status" data-testid="chat-offline">
          {CHAT_MESSAGES.offline}
        </p>
      ) : null}
      <div
        className="chat__list"
        ref={listRef}
        onScroll={onScroll}
        data-testid="chat-list"
        role="log"
        aria-label="聊天记录"
      >
        {more ? (
          <div className="chat__older" aria-live="polite">
            {loadingOlder ? (
              <span className="chat__spinner" role="status" aria-label="正在加载更早的消息" />
            ) : (
              <button type="button" className="chat__older-btn" onClick={requestOlder}>
                查看更早的消息
              </button>
            )}
          </div>
        ) : messages.length > 0 ? (
          <p className="chat__older chat__older--end">没有更早的消息了</p>
        ) : null}
        {items.length === 0 ? <p className="chat__empty">有什么可以帮你？发条消息问问吧</p> : null}
        <ol className="chat__items">
          {items.map((item) => {
            switch (item.type) {
              case 'date':
                return (
                  <li key={item.key} data-key={item.key} className="chat__date" data-testid="chat-date">
                    {item.label}
                  </li>
                );
              case 'notice':
                return (
                  <li key={item.key} data-key={item.key} className="chat__notice" data-testid="chat-notice">
                    {item.message.text}
                  </li>
                );
              case 'message':
                return (
                  <li
                    key={item.key}
                    data-key={item.key}
                    className={`chat__row${item.mine ? ' chat__row--mine' : ''}${item.showName ? '' : ' chat__row--run'}`}
                    data-testid="chat-message"
                    data-seq={item.message.seq}
                  >
                    {item.mine || !item.showName ? null : <span className="chat__name">{item.message.senderName}</span>}
                    <Content message={item.message} mine={item.mine} onImage={setPreview} />
                    {item.mine &&
                    item.message.seq === lastMine &&
                    (viewer === 'staff' || conversation.state === 'claimed') ? (
                      <span className="chat__receipt" data-testid="chat-receipt">
                        {peerRead ? '已读' : '未读'}
                      </span>
                    ) : null}
                  </li>
                );
              case 'pending':
                return (
                  <li key={item.key} className="chat__row chat__row--mine" data-testid="chat-pending">
                    <PendingBubble entry={item.entry} connection={connection} onImage={setPreview} />
                  </li>
                );
            }
          })}
        </ol>
      </div>
      {closed ? (
        <div className="chat__closed">
          <span data-testid="chat-closed">{CLOSED_TEXT[viewer]}</span>
          {reopen ? (
            <button type="button" className="btn btn-primary" onClick={reopen}>
              重新咨询
            </button>
          ) : null}
        </div>
      ) : props.footer !== undefined ? (
        props.footer
      ) : (
        <>
          {conversation.state === 'bot' && viewer === 'user' ? (
            <div className="chat__quick">
              <button
                type="button"
                className="chat__quick-btn"
                data-testid="chat-handoff"
                onClick={() => {
                  atBottom.current = true;
                  connection.send(conversation.id, { kind: 'text', text: CHAT_BOT.handoff });
                }}
              >
                {CHAT_BOT.handoff}
              </button>
            </div>
          ) : null}
          {props.about && !aboutSent ? (
            <div className="chat__about" data-testid="chat-about">
              <span>把正在看的小区发给对方，沟通更方便</span>
              <button
                type="button"
                className="chat__quick-btn"
                onClick={() => {
                  const { cityId: aboutCity, estateId } = props.about!;
                  atBottom.current = true;
                  setAboutSent(true);
                  connection.send(
                    conversation.id,
                    { kind: 'estate', cityId: aboutCity, estateId },
                    { text: '[小区卡片]' },
                  );
                }}
              >
                发送小区
              </button>
            </div>
          ) : null}
          <Composer
            onSend={(text) => {
              atBottom.current = true;
              connection.send(conversation.id, { kind: 'text', text });
            }}
            onImage={async (file) => {
              const uploaded = await uploadChatImage(file);
              if (!uploaded.ok) {
                onError(uploaded.message);
                return;
              }
              atBottom.current = true;
              connection.send(
                conversation.id,
                { kind: 'image', imageId: uploaded.body.imageId },
                { image: uploaded.body.image },
              );
            }}
            onTyping={() => connection.typing(conversation.id)}
            quickReplies={props.quickReplies}
            placeholder={viewer === 'user' ? '请输入你想咨询的问题' : '输入回复'}
          />
        </>
      )}
      {preview ? <ImagePreview image={preview} onClose={closePreview} /> : null}
    </div>
  );
}

/** Where an element is inside the scrolling list, from the list's visible top. */
function offsetIn(list: HTMLElement, el: HTMLElement): number {
  return el.getBoundingClientRect().top - list.getBoundingClientRect().top;
}

/**
 * The chat is as high as the viewport below its own top: the app's offline banner above it (sticky, in the flow)
 * would otherwise push the input bar off the screen. CSS gives 100dvh until this runs.
 */
function useFillViewport(ref: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = el.getBoundingClientRect().top + window.scrollY;
        el.style.height = `${Math.max(240, window.innerHeight - top)}px`;
      });
    };
    fit();
    const events = ['resize', 'online', 'offline'] as const;
    for (const e of events) window.addEventListener(e, fit);
    return () => {
      cancelAnimationFrame(frame);
      for (const e of events) window.removeEventListener(e, fit);
    };
  }, [ref]);
}

function Content({
  message,
  mine,
  onImage,
}: {
  message: Pick<ChatMessage, 'kind' | 'text' | 'image' | 'estate'>;
  mine: boolean;
  onImage: (image: NonNullable<ChatMessage['image']>) => void;
}) {
  const bubble = mine ? 'chat__bubble chat__bubble--mine' : 'chat__bubble';
  if (message.kind === 'image' && message.image) {
    const image = message.image;
    return (
      <button type="button" className="chat__image" aria-label="查看大图" onClick={() => onImage(image)}>
        <img src={image.url} alt="图片消息" {...thumbSize(image)} loading="lazy" />
      </button>
    );
  }
  if (message.kind === 'estate' && message.estate) {
    const e = message.estate;
    return (
      <Link className="chat__estate" to={`/${e.cityId}/house-detail/${e.estateId}`} data-testid="chat-estate">
        <span className="chat__estate-name">{e.name}</span>
        <span className="chat__estate-price">{unitPrice(e.unitPrice)}</span>
        <span className="chat__estate-more">查看小区详情 ›</span>
      </Link>
    );
  }
  return <p className={bubble}>{message.text}</p>;
}

/** A thumbnail at most 160×160, in the image's proportions. */
function thumbSize(image: { width: number; height: number }): { width: number; height: number } {
  const max = 160;
  if (image.width <= 0 || image.height <= 0) return { width: max, height: max };
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  return { width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
}

function PendingBubble({
  entry,
  connection,
  onImage,
}: {
  entry: OutboxEntry;
  connection: ChatConnection;
  onImage: (image: NonNullable<ChatMessage['image']>) => void;
}) {
  const p: ChatPreview = entry.preview;
  const content = {
    kind: entry.content.kind,
    text: p.text ?? null,
    image: p.image ?? null,
    estate: p.estate ?? null,
  };
  return (
    <div className={entry.status === 'failed' ? 'chat__pending chat__pending--failed' : 'chat__pending'}>
      <span className="chat__send-state" data-testid="chat-send-state">
        {entry.status === 'failed' ? (
          <>
            <span className="chat__failed" title={entry.error ?? CHAT_MESSAGES.sendFailed}>
              发送失败
            </span>
            <button
              type="button"
              className="chat__resend"
              aria-label="重发这条消息"
              onClick={() => connection.retry(entry.clientId)}
            >
              重发
            </button>
          </>
        ) : (
          <span className="chat__sending">发送中</span>
        )}
      </span>
      <Content message={content} mine onImage={onImage} />
      {entry.status === 'failed' && entry.error && entry.error !== CHAT_MESSAGES.sendFailed ? (
        <span className="chat__error">{entry.error}</span>
      ) : null}
    </div>
  );
}

function Composer({
  onSend,
  onImage,
  onTyping,
  quickReplies,
  placeholder,
}: {
  onSend: (text: string) => void;
  onImage: (file: File) => Promise<void>;
  onTyping: () => void;
  quickReplies?: readonly string[] | undefined;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  // the box grows with its lines up to its CSS max-height, and shrinks back after sending
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight}px`;
  }, [text]);
  const pickImage = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // the same file may be picked again after a failure
    input.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await onImage(file);
    } finally {
      setUploading(false);
    }
  };
  const ready = text.trim().length > 0 && text.length <= CHAT_MAX_TEXT;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line, and Enter while an IME composes picks the characters
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const composer = (
    <form className="chat__composer" onSubmit={submit}>
      <label className={uploading ? 'chat__pick chat__pick--busy' : 'chat__pick'}>
        <input
          aria-label={uploading ? '图片上传中' : '发送图片'}
          type="file"
          accept={CHAT_IMAGE_TYPES.join(',')}
          className="chat__pick-input"
          disabled={uploading}
          data-testid="chat-image-input"
          onChange={(e) => void pickImage(e.currentTarget)}
        />
        {uploading ? (
          <span className="chat__spinner" aria-hidden="true" />
        ) : (
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="9" cy="10" r="1.8" fill="currentColor" />
            <path
              d="m4 17 5-5 4 4 3-3 4 4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </label>
      <textarea
        ref={inputRef}
        className="chat__input"
        aria-label="输入消息"
        placeholder={placeholder}
        rows={1}
        maxLength={CHAT_MAX_TEXT}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      {text.length >= COUNTER_FROM ? (
        <span
          className={text.length >= CHAT_MAX_TEXT ? 'chat__counter chat__counter--full' : 'chat__counter'}
          data-testid="chat-counter"
        >
          {text.length}/{CHAT_MAX_TEXT}
        </span>
      ) : null}
      <button type="submit" className="chat__send" disabled={!ready} aria-label="发送消息">
        发送
      </button>
    </form>
  );
  if (!quickReplies?.length) return composer;
  return (
    <>
      <div className="chat__canned" role="list" aria-label="快捷回复" data-testid="chat-canned">
        {quickReplies.map((reply) => (
          <button
            key={reply}
            type="button"
            role="listitem"
            className="chat__canned-btn"
            title={reply}
            onClick={() => {
              setText(reply);
              inputRef.current?.focus();
            }}
          >
            {reply}
          </button>
        ))}
      </div>
      {composer}
    </>
  );
}

function ImagePreview({ image, onClose }: { image: NonNullable<ChatMessage['image']>; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="chat__preview" role="dialog" aria-modal="true" aria-label="图片预览" onClick={onClose}>
      <img src={image.url} alt="图片消息大图" width={image.width} height={image.height} />
      <button ref={closeRef} type="button" className="chat__preview-close" aria-label="关闭预览" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
