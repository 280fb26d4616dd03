// Entry point. NODE_ENV must be set before React and React Router load, since they pick their development or
// production builds at import time (the development builds render several times slower); serve.ts does the rest.
process.env.NODE_ENV ??= 'production';
await import('./serve.ts');
