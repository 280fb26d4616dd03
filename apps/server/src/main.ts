// Entry point. NODE_ENV must be set before React and React Router load, since they pick their development or
// production builds at import time (the development builds render several times slower); serve.ts does the rest.
import { register } from 'node:module';

process.env.NODE_ENV ??= 'production';
// React Router's exports name only its development build; point them at the production one (see the hook).
if (process.env.NODE_ENV === 'production') register('./production-builds.mjs', import.meta.url);
await import('./serve.ts');
