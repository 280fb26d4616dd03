// The entry of a page render worker thread (ADR 0019). A worker starts with no module hooks of its own: it
// registers TypeScript (tsx) and, in production, React Router's production build (../production-builds.mjs, as
// main.ts does) before anything loads React, then runs worker.ts.
import { register } from 'node:module';
import { register as registerTypeScript } from 'tsx/esm/api';

if (process.env.NODE_ENV === 'production') register('../production-builds.mjs', import.meta.url);
registerTypeScript();
await import('./worker.ts');
