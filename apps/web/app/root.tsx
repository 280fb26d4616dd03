// The document, the route guard of spec §2 and the error page. Every page passes through the loader below:
// it applies the payment-callback redirect, resolves the city (path → cityId query → 605) and answers an
// unknown city with 404, and computes the client flags from the user agent and the currentVersion cookie.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  data,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  PAY_CALLBACK_COOKIE,
  SITE_DESCRIPTION,
  SITE_TITLE,
  detectClient,
  errorStatus,
  orderRedirectTarget,
  pageTitle,
  parseCityId,
  parsePayCallback,
  readRouteQuery,
  resolveCityId,
} from '@fjt/domain';
import type { Route } from './+types/root';
import './context.ts';
import './styles/app.css';
import { AppLayout } from './components/layouts/AppLayout.tsx';
import { ErrorPage, ErrorPageBoundary } from './components/error-page/ErrorPage.tsx';
import { ProgressBar } from './components/progress-bar/ProgressBar.tsx';
import { progress } from './components/progress-bar/progress-store.ts';
import { ScrollManager } from './components/scroll-manager/ScrollManager.tsx';
import { OnlineBanner } from './components/online-banner/OnlineBanner.tsx';
import { useOfflineGuard } from './components/online-banner/use-offline-guard.ts';
import { navigationSkeleton, pageChrome, type PageAt } from './components/app-chrome/chrome.ts';
import { TabBar } from './components/app-chrome/TabBar.tsx';
import { TitleBar } from './components/app-chrome/TitleBar.tsx';
import { useNavigationTarget } from './components/app-chrome/use-navigation-target.ts';
import { NavSkeleton } from './components/skeleton/Skeleton.tsx';
import { BANNER_CLOSED_KEY } from './components/download-banner/DownloadBanner.tsx';
import { ClientFlagsProvider } from './lib/client-flags.tsx';
import { readCookie } from './lib/cookies.ts';
import { rememberChannel, rememberCity } from './lib/city-storage.ts';
import { chunkFailureScript, reloadOnChunkFailure } from './lib/chunk-reload.ts';
import { layoutOf } from './layouts.ts';
import { rememberProxyCode } from './lib/proxy-code.ts';
import { useInstallPrompt, useServiceWorker } from './lib/pwa.ts';

// loaded only when the browser offers an install, so no page's first JS carries it
const InstallBanner = lazy(() => import('./components/install-banner/InstallBanner.tsx'));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (context.pageError) throw data({ message: context.pageError.message }, { status: context.pageError.status });
  const url = new URL(request.url);
  const cookieHeader = request.headers.get('cookie');

  const orderTarget = orderRedirectTarget(url, parsePayCallback(readCookie(cookieHeader, PAY_CALLBACK_COOKIE)));
  if (orderTarget) throw redirect(orderTarget);

  if (context.testHooks) throwTestError(url);

  let city = null;
  if (params.city !== undefined) {
    const id = parseCityId(params.city);
    city = id === null ? null : await context.services.geo.getCity(id);
    if (!city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  }
  const cityId = city?.id ?? resolveCityId({ queryCityId: url.searchParams.get('cityId') });
  const flags = detectClient(request.headers.get('user-agent'), readCookie(cookieHeader, 'currentVersion'));
  // /im carries the chat peer (userid, username) and /download the marketing channel (chanelName).
  const routeQuery = readRouteQuery(url.pathname, url.searchParams);
  return {
    cityId,
    cityName: city?.name ?? (await context.services.geo.getCity(cityId))?.name ?? null,
    flags,
    routeQuery,
  };
}

/** APP_TEST_HOOKS=1 only: `?__error=503` makes the route fail, so tests can reach the error page. */
function throwTestError(url: URL) {
  const wanted = url.searchParams.get('__error');
  if (!wanted) return;
  if (wanted === 'throw') throw new Error('test hook: unexpected failure');
  throw data({ message: '服务暂时不可用，请稍后再试' }, { status: Number(wanted) || 500 });
}

export const meta: Route.MetaFunction = ({ error, location }) => {
  const title = error
    ? pageTitle(isRouteErrorResponse(error) && error.status === 404 ? '页面不存在' : '出错了')
    : SITE_TITLE;
  const tags: Route.MetaDescriptors = [{ title }, { name: 'description', content: SITE_DESCRIPTION }];
  // the staff area's error pages (403 for non-staff) are kept out of search engines like its pages
  if (/^\/ops(\/|$)/.test(location.pathname)) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // the installable web app (issue 18): public/manifest.webmanifest and its icons (scripts/app-icons.mjs)
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

// Runs before first paint: a download banner closed earlier in this session must not flash.
const bannerScript = `try{if(sessionStorage.getItem(${JSON.stringify(BANNER_CLOSED_KEY)})==='1')document.documentElement.setAttribute('data-download-banner-closed','')}catch(e){}`;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        <meta name="theme-color" content="#1f6fff" />
        <script dangerouslySetInnerHTML={{ __html: bannerScript + chunkFailureScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <ProgressBar />
        <ScrollManager />
        <div className="app-shell">
          <OnlineBanner />
          {children}
        </div>
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const location = useLocation();
  const layout = layoutOf(leaf?.id);
  const target = useNavigationTarget();
  const current: PageAt | undefined = leaf && { id: leaf.id, params: leaf.params, pathname: location.pathname };
  // From the tap until the next page's data arrives, its skeleton (and its chrome) stand in for it.
  const skeleton = navigationSkeleton(current, target);
  const chrome = pageChrome(skeleton ? target : current, loaderData.flags.isApp);
  useOfflineGuard();
  useServiceWorker(loaderData.flags);
  // held from the first page on (the browser offers it once per page load); the banner shows on the tab pages
  const installPrompt = useInstallPrompt(loaderData.flags);
  const cityScoped = leaf?.params.city !== undefined;
  useEffect(() => {
    if (cityScoped) rememberCity(loaderData.cityId);
  }, [cityScoped, loaderData.cityId]);
  const channel = loaderData.routeQuery?.route === 'download' ? loaderData.routeQuery.download.chanelName : null;
  useEffect(() => {
    if (channel) rememberChannel(channel);
  }, [channel]);
  // a reseller's share link (?proxy=CODE): kept until a report or deal-data checkout sends it
  useEffect(() => {
    rememberProxyCode(location.search);
  }, [location.search]);
  // first-party tracking (issue 18): a view per page, loaded after hydration so no page's first JS carries it
  const pageId = leaf?.id;
  useEffect(() => {
    if (!pageId) return;
    void import('./lib/tracking.ts').then((t) => t.trackView(pageId, location.pathname));
  }, [pageId, location.pathname]);
  // The app has hydrated: taps now reach React (e2e/tests/slow-3g.spec.ts measures when this happens).
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return (
    <ClientFlagsProvider value={loaderData.flags}>
      <div className="app-chrome" data-chrome={chrome.kind}>
        {chrome.kind === 'back' ? <TitleBar title={chrome.title} cityId={loaderData.cityId} /> : null}
        {/* Hidden, not unmounted, under the skeleton: a navigation that ends where it began keeps the page. */}
        <div className="app-page" hidden={skeleton !== null}>
          <AppLayout name={layout}>
            <Outlet />
          </AppLayout>
        </div>
        {skeleton ? <NavSkeleton kind={skeleton} /> : null}
        {chrome.kind === 'tabs' ? <TabBar active={chrome.tab} cityId={loaderData.cityId} /> : null}
        {chrome.kind === 'tabs' && installPrompt.available ? (
          <Suspense fallback={null}>
            <InstallBanner install={installPrompt.install} dismiss={installPrompt.dismiss} />
          </Suspense>
        ) : null}
      </div>
    </ClientFlagsProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  useEffect(() => {
    progress.fail();
    reloadOnChunkFailure(error, {
      storage: sessionStorage,
      reload: () => window.location.reload(),
      now: Date.now,
      online: navigator.onLine,
    });
  }, [error]);

  const status = isRouteErrorResponse(error) ? error.status : errorStatus(error);
  const message = status === 404 ? NOT_FOUND_MESSAGE : errorMessage(error);
  return (
    <ClientFlagsProvider value={rootData?.flags ?? null}>
      <ErrorPageBoundary>
        <ErrorPage status={status} message={message} />
      </ErrorPageBoundary>
    </ClientFlagsProvider>
  );
}

function errorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string') return body.message;
    return error.statusText || '页面出错了';
  }
  // Internals never reach the user; production builds strip server error messages anyway.
  return '页面出错了，请稍后再试';
}
