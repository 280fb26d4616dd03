// /{city}/house-note/{houseId?} 看房笔记 (PAGES.md §3.8): agents' and buyers' viewing notes of an estate, or the
// city's latest without an id. The page (cached, the same for everyone) shows each note's first lines; a signed-in
// viewer's browser asks house/basic-info/notes again and gets the full text (a no-store answer of their own), a
// visitor gets 登录查看全文. `?noteId=` shows that one note expanded at the top (how /{city}/house-note/{id} of the
// issue is read: the same route pattern, so a note is named by the query).
import { useEffect, useState } from 'react';
import { data, Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  NOTE_PAGE_SIZE,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  parseId,
  type NoteCard,
  type NoteListBody,
} from '@fjt/domain';
import type { Route } from './+types/house-note';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { NoteCardView } from '../../features/reviews/NoteCardView.tsx';
import { NoteComposer } from '../../features/reviews/NoteComposer.tsx';
import { likeNote } from '../../features/reviews/api.ts';
import '../../features/reviews/reviews.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  let estateId: number | undefined;
  if (params.houseId !== undefined) {
    const id = parseId(params.houseId);
    if (id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    estateId = id;
  }
  const noteId = parseId(new URL(request.url).searchParams.get('noteId') ?? '') ?? undefined;
  const query = { estateId, cityId, noteId, page: 1, size: NOTE_PAGE_SIZE };
  const body = await context.services.reviews.notes(query, null);
  if (!body) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const cityName = (await context.services.geo.getCity(cityId))?.name ?? '';
  return { cityId, cityName, noteId: noteId ?? null, ...body };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('看房笔记') }];
  const where = loaderData.estate?.name ?? loaderData.cityName;
  return [
    { title: pageTitle(`${where}看房笔记`) },
    {
      name: 'description',
      content: `${where}经纪人与购房者的真实看房笔记：采光、噪音、户型、物业、房屋状况，共${loaderData.total}篇。${SITE_DESCRIPTION}`,
    },
  ];
};

const notesUrl = (q: { estateId?: number; cityId: number; noteId: number | null; page: number }) => {
  const p = new URLSearchParams();
  if (q.estateId) p.set('estateId', String(q.estateId));
  else p.set('cityId', String(q.cityId));
  if (q.noteId) p.set('noteId', String(q.noteId));
  p.set('page', String(q.page));
  return `house/basic-info/notes?${p}`;
};

export default function HouseNotePage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, estate, noteId } = loaderData;
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const here = `${location.pathname}${location.search}`;
  const [body, setBody] = useState<NoteListBody>(loaderData);
  const [items, setItems] = useState<NoteCard[]>(loaderData.list);
  const [likes, setLikes] = useState<Record<number, { liked: boolean; likeCount: number }>>({});
  const [composing, setComposing] = useState(false);
  const base = { estateId: estate?.id, cityId, noteId };

  // the loader's previews first; a signed-in viewer's full text replaces them
  const userId = viewer.user?.id ?? null;
  useEffect(() => {
    setBody(loaderData);
    setItems(loaderData.list);
    if (userId === null) return;
    let live = true;
    void callApi<NoteListBody>(notesUrl({ ...base, page: 1 })).then((res) => {
      if (!live || !res.body) return;
      setBody(res.body);
      setItems(res.body.list);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- base is derived from loaderData
  }, [loaderData, userId]);

  const loadMore = async () => {
    const res = await callApi<NoteListBody>(notesUrl({ ...base, noteId: null, page: body.page + 1 }));
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || 'Network Error.');
    const next = res.body;
    setItems((prev) => [...prev, ...next.list.filter((n) => !prev.some((p) => p.id === n.id))]);
    setBody((b) => ({ ...b, page: next.page }));
  };

  const likeOf = (n: NoteCard) => likes[n.id] ?? { liked: n.liked ?? false, likeCount: n.likeCount };
  const toggle = async (n: NoteCard) => {
    if (viewer.status !== 'user') return void navigate(loginHref(here));
    const res = await likeNote(n.id, !likeOf(n).liked);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败，请重试');
    setLikes((prev) => ({ ...prev, [n.id]: res.body! }));
  };

  const card = (n: NoteCard, expanded = false) => {
    const like = likeOf(n);
    return (
      <NoteCardView
        note={n}
        cityId={cityId}
        loginTo={loginHref(here)}
        liked={like.liked}
        likeCount={like.likeCount}
        onLike={() => void toggle(n)}
        showEstate={!estate}
        expanded={expanded}
      />
    );
  };

  const write = () => {
    if (viewer.status !== 'user') return void navigate(loginHref(here));
    setComposing(true);
  };
  const written = (note: NoteCard) => {
    setComposing(false);
    showToast('笔记已发布');
    setItems((prev) => [note, ...prev.filter((n) => n.id !== note.id)]);
    setBody((b) => ({ ...b, total: b.total + 1 }));
  };

  const list = items.filter((n) => n.id !== body.focus?.id);
  return (
    <main className="rv-page rv-page--notes">
      <section className="rv-summary" aria-label="看房笔记">
        {estate ? (
          <>
            <h1 className="rv-summary__name">
              <Link to={`/${cityId}/house-detail/${estate.id}`}>{estate.name}</Link>
              <small>看房笔记</small>
            </h1>
            <p className="rv-summary__where">
              {estate.where} · 共{body.total}篇
            </p>
          </>
        ) : (
          <>
            <h1 className="rv-summary__name">{cityName}最新看房笔记</h1>
            <p className="rv-summary__where">经纪人实勘与购房者的真实感受 · 共{body.total}篇</p>
          </>
        )}
        {viewer.status === 'visitor' && body.total > 0 ? (
          <p className="rv-notes__login">
            <Link to={loginHref(here)} data-testid="notes-login">
              登录查看全文
            </Link>
            ，未登录仅显示每篇前几行
          </p>
        ) : null}
      </section>
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        {body.focus ? card(body.focus, true) : null}
        {items.length === 0 && !body.focus ? (
          <EmptyState
            title="暂无看房笔记"
            hint={estate ? '还没有人写过这个小区的看房笔记' : undefined}
            action={
              estate ? (
                <button type="button" className="btn btn-primary" onClick={write}>
                  写笔记
                </button>
              ) : (
                <Link className="btn btn-primary" to={`/${cityId}`}>
                  回到首页
                </Link>
              )
            }
          />
        ) : (
          <ul className="rv-list" aria-label="笔记列表">
            {list.map((n) => (
              <li key={n.id}>{card(n)}</li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={items.length < body.total} /> : null}
      </PullToRefresh>
      {estate ? (
        <>
          <div className="bottom-bar">
            <Link className="btn rv-bar__other" to={`/${cityId}/house-comments/${estate.id}`}>
              小区点评
            </Link>
            <button type="button" className="btn btn-primary rv-bar__write" onClick={write} data-testid="write-note">
              写笔记
            </button>
          </div>
          <NoteComposer visible={composing} onClose={() => setComposing(false)} estateId={estate.id} onDone={written} />
        </>
      ) : null}
    </main>
  );
}
