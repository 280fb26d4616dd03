import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { pureSchemas } from './vite-plugins/pure-schemas.ts';

export default defineConfig({
  // pureSchemas: pages that use a constant of a payload-schema module do not ship zod (ADR 0006).
  plugins: [reactRouter(), pureSchemas()],
  // antd-mobile ships CSS imports inside its ESM build; bundle it for SSR (ARCHITECTURE §2).
  ssr: { noExternal: ['antd-mobile'] },
  build: {
    assetsInlineLimit: 0,
  },
});
