// /ask/list 我的问答 (PAGES.md §3.8, interpreted as my questions and my answers, two tabs). Login; all in the browser.
import { pageTitle, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/ask-list';
import { MyQa } from '../../features/qa/QaPeople.tsx';
import { useQaCity } from '../../features/qa/parts.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('我的问答') },
  { name: 'description', content: `我提过的问题和我的回答。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function AskListPage() {
  const cityId = useQaCity();
  return <MyQa cityId={cityId} />;
}
