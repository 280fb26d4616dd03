// One progress bar for the whole app (spec §4): navigations start/finish it, the error page fails it.
import { createProgressBar } from '@fjt/domain';

export interface ProgressState {
  visible: boolean;
  percent: number;
  failed: boolean;
}

type Listener = (s: ProgressState) => void;
const listeners = new Set<Listener>();
let current: ProgressState = { visible: false, percent: 0, failed: false };
let bar: ReturnType<typeof createProgressBar> | null = null;

function controller() {
  bar ??= createProgressBar((s) => {
    current = s;
    for (const l of listeners) l(s);
  });
  return bar;
}

export const progress = {
  start: () => controller().start(),
  finish: () => controller().finish(),
  fail: () => controller().fail(),
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): ProgressState => current,
};
