// Server rendering: streams the HTML shell as soon as it is ready (crawlers get the whole page), and keeps
// expected outcomes — unknown URLs, aborted requests — out of the error log.
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter, isRouteErrorResponse } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let shellSent = false;
    // a crawler, and the page store's renders (ADR 0026), get the page whole: nothing is streamed in after the shell
    const waitForAll =
      isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode || loadContext.wholePage === true;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const onReady = () => {
      shellSent = true;
      const body = new PassThrough({
        final(done) {
          clearTimeout(timer);
          timer = undefined;
          done();
        },
      });
      headers.set('Content-Type', 'text/html; charset=utf-8');
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { status: responseStatus, headers }));
    };

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
      // Every page's data is loaded before it renders, so a Suspense boundary (a part whose code the browser
      // loads later, lib/deferred.tsx) is complete with the shell: write it in place, however large, rather than
      // as a hidden block that only a script reveals (the HTML must read without JavaScript).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error) {
        responseStatus = 500;
        if (shellSent) console.error(error);
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && /^No route matches URL/.test(error.message)) return;
  console.error(error);
};
