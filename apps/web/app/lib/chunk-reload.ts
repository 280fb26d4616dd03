// A route chunk that fails to load usually means a new deploy replaced it: reload the page (spec §4, §8),
// but only once within 10 s so a chunk that is really gone ends on the error page instead of a reload loop.
// Never while the browser is offline: a reload then shows the browser's offline page instead of the app.
import { isChunkLoadError } from '@fjt/domain';

export const CHUNK_RELOAD_KEY = 'fjt:chunk-reload-at';
const RELOAD_GUARD_MS = 10_000;

export function reloadOnChunkFailure(
  error: unknown,
  env: { storage: Pick<Storage, 'getItem' | 'setItem'>; reload: () => void; now: () => number; online: boolean },
): boolean {
  if (!isChunkLoadError(error) || !env.online) return false;
  const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (env.now() - last <= RELOAD_GUARD_MS) return false;
  env.storage.setItem(CHUNK_RELOAD_KEY, String(env.now()));
  env.reload();
  return true;
}

/**
 * Inline <head> script for failures before React runs: the route modules are imported by an inline module
 * script, and if one of its chunks fails the app never hydrates. The browser fires `error` at that script
 * (or at a modulepreload link); reload once, with the same 10 s guard, and not while offline.
 */
export const chunkFailureScript = `(function(){var k=${JSON.stringify(CHUNK_RELOAD_KEY)};window.addEventListener('error',function(e){var t=e.target;if(!t||!(t.tagName==='SCRIPT'||(t.tagName==='LINK'&&t.rel==='modulepreload')))return;if(navigator.onLine===false)return;try{var last=Number(sessionStorage.getItem(k)||0);if(Date.now()-last<=${RELOAD_GUARD_MS})return;sessionStorage.setItem(k,String(Date.now()))}catch(_){}location.reload()},true)})();`;
