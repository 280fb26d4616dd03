// Worker entry: plain JavaScript, so it starts under any runner; it registers tsx's loader for this
// thread and then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./seed-worker.ts');
