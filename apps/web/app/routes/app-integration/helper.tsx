// /helper 使用帮助 (PAGES.md §3.14, interpreted as the help-centre FAQ): sections of questions that open and close
// (a button with aria-expanded controlling its answer), a search box that filters the questions as one types,
// and links into the app's pages. The questions live in features/app-integration/help-faq.ts.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/helper';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { HELP_SECTIONS, filterHelp, type HelpQuestion } from '../../features/app-integration/help-faq.ts';
import '../../features/app-integration/app-integration.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('使用帮助') },
  {
    name: 'description',
    content: `房价通常见问题：数据来源、均价与房东溢价系数的计算、会员、支付、如何停止经纪人来电。${SITE_DESCRIPTION}`,
  },
];

function Question({ item, open, onToggle }: { item: HelpQuestion; open: boolean; onToggle: () => void }) {
  const answerId = `${useId()}-answer`;
  return (
    <div className="help-q" data-testid="help-question" data-question={item.id}>
      <h3 style={{ margin: 0 }}>
        <button
          type="button"
          className="help-q__toggle"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
        >
          {item.q}
          <span className="help-q__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={answerId} className="help-q__answer" hidden={!open}>
        {item.a.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {item.links?.map((l) => (
          <p key={l.to}>
            <Link to={l.to}>{l.text} ›</Link>
          </p>
        ))}
      </div>
    </div>
  );
}

export default function HelperPage() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const sections = filterHelp(HELP_SECTIONS, query);
  const searching = query.trim() !== '';
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <main className="app-landing" data-testid="helper-page">
      <h1 className="visually-hidden">使用帮助</h1>
      <div className="help-search" role="search">
        <input
          type="search"
          aria-label="搜索问题"
          placeholder="搜索问题，如：溢价系数、会员、支付"
          value={query}
          maxLength={40}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(new Set());
          }}
          data-testid="help-search"
        />
      </div>
      {sections.length === 0 ? (
        <EmptyState
          art="search"
          title="没有找到相关问题"
          hint="换个关键词试试，或联系在线客服"
          testId="help-empty"
          action={
            <button type="button" className="btn" onClick={() => setQuery('')}>
              清除搜索
            </button>
          }
        />
      ) : (
        sections.map((s) => (
          <section key={s.id} className="help-section" aria-labelledby={`help-${s.id}`} data-testid="help-section">
            <h2 id={`help-${s.id}`}>{s.title}</h2>
            {s.questions.map((q) => (
              <Question
                key={q.id}
                item={q}
                // while searching every match starts open; a tap still closes it
                open={searching !== open.has(q.id)}
                onToggle={() => toggle(q.id)}
              />
            ))}
          </section>
        ))
      )}
    </main>
  );
}
