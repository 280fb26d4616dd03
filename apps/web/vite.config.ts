import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // antd-mobile ships CSS imports inside its ESM build; bundle it for SSR (ARCHITECTURE §2).
  ssr: { noExternal: ['antd-mobile'] },
  build: {
    assetsInlineLimit: 0,
    // The API payload schemas of @fjt/domain sit beside constants and helpers that pages use; building a zod
    // schema has no side effect, so a page that takes only a constant must not ship zod (ADR 0006).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
