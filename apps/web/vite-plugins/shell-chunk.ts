import { fileURLToPath } from 'node:url';
import type { ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';

type Graph = { getModuleInfo(id: string): Pick<ModuleInfo, 'importedIds'> | null };

const ROOT_ROUTE = fileURLToPath(new URL('../app/root.tsx', import.meta.url));
const LIBRARY = /node_modules/;
const ZOD = /node_modules[\\/]zod[\\/]/;
/** The domain package's barrel and payload schemas: walked through, never taken (they re-export everything). */
const WALK_THROUGH = /[\\/]domain[\\/]src[\\/](index\.ts|api[\\/]|services\.ts)/;
/**
 * The buyer tools' rules and tables (tax, purchase policy, lottery points, loan rates, mortgage maths, credit
 * scoring): reached only through the barrel, used only by the tool pages. Never the shell's, nor walked into: their
 * dated rule texts would otherwise ride along on every page (≈ 17 KB over the wire on the estate page).
 */
const NEVER_SHELL = /[\\/]domain[\\/]src[\\/]tools[\\/]/;

/**
 * The app's own modules the root route imports statically, directly or not: every page loads them. Not libraries
 * (their own groups), and not a module that imports zod: the payload schemas bring zod, which only pages with forms
 * need (ADR 0006).
 */
export function shellModules(root: string, graph: Graph): Set<string> {
  if (!graph.getModuleInfo(root)) throw new Error(`shell chunk: the root route ${root} is not in the build`);
  const shell = new Set<string>();
  const walked = new Set<string>();
  const down = [root];
  while (down.length) {
    const id = down.pop()!;
    if (walked.has(id) || LIBRARY.test(id) || NEVER_SHELL.test(id)) continue;
    walked.add(id);
    const imports = graph.getModuleInfo(id)?.importedIds ?? [];
    if (id !== root && !WALK_THROUGH.test(id) && !imports.some((i) => ZOD.test(i))) shell.add(id);
    down.push(...imports);
  }
  return shell;
}

/**
 * One chunk for the app shell in the browser build (ADR 0020). The root route's own small modules (cookies, city
 * storage, deep links, the chrome, the layouts…) were about twenty chunks of 0.5–2 KB, all of them on every page
 * and all asked for before its first paint (modulepreload): on a phone's link each one is a round trip on one of
 * six connections. As one chunk they are one. Their libraries stay in their own chunks
 * (includeDependenciesRecursively: false), which the bundler allows only when an entry may export more than its
 * module ('allow-extension'; React Router asks for 'exports-only', and still finds every export it asks for).
 */
export function shellChunk(root = ROOT_ROUTE): Plugin {
  let shell: Set<string> | undefined;
  return {
    name: 'fjt:shell-chunk',
    enforce: 'post',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string, graph: Graph) =>
                      (shell ??= shellModules(root, graph)).has(id) ? 'shell' : null,
                    debugName: 'shell',
                    test: (id: string) => !LIBRARY.test(id),
                    priority: 10,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
