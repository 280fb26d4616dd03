import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_OUT lets a second build sit beside the default one (the server reads it back via WEB_BUILD_DIR).
  buildDirectory: process.env.WEB_BUILD_OUT ?? 'build',
  ssr: true,
} satisfies Config;
