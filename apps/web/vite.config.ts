import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // antd-mobile ships CSS imports inside its ESM build; bundle it for SSR (ARCHITECTURE §2).
  ssr: { noExternal: ['antd-mobile'] },
  build: { assetsInlineLimit: 0 },
});
