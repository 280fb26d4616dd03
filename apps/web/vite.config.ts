import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { shellChunk } from './vite-plugins/shell-chunk.ts';
import { pureSchemas } from './vite-plugins/pure-schemas.ts';

export default defineConfig({
  // pureSchemas: pages that use a constant of a payload-schema module do not ship zod (ADR 0006).
  plugins: [reactRouter(), pureSchemas(), shellChunk()],
  // antd-mobile ships CSS imports inside its ESM build; bundle it for SSR (ARCHITECTURE §2).
  ssr: { noExternal: ['antd-mobile'] },
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for the app (≈20 KB brotli, cached across pages) instead of a render-blocking request per
    // route chunk: on a phone's link each extra stylesheet delays the first paint by a round trip.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // antd-mobile and its helpers as one chunk for the pages that use it, not a score of tiny ones: each
        // request costs a round trip on a phone's link. Pages without antd (the estate page) load none of it.
        codeSplitting: {
          groups: [
            // React's CommonJS interop helpers would otherwise land in the antd chunk and drag it onto every page
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|@floating-ui|@rc-component|rc-[a-z-]+|ahooks|classnames|dayjs|deepmerge|nano-memoize|react-fast-compare|runes2|staged-components)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
