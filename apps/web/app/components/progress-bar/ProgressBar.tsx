import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { progress, type ProgressState } from './progress-store.ts';
import './progress-bar.css';

const HIDDEN: ProgressState = { visible: false, percent: 0, failed: false };

export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) progress.start();
    else progress.finish();
  }, [busy]);
  const state = useSyncExternalStore(progress.subscribe, progress.snapshot, () => HIDDEN);
  return (
    <div
      className={`progress-bar${state.failed ? ' progress-bar--failed' : ''}`}
      data-testid="progress-bar"
      data-visible={state.visible}
      data-failed={state.failed}
      style={{ width: `${state.percent}%`, opacity: state.visible ? 1 : 0 }}
      role="progressbar"
      aria-hidden={!state.visible}
      aria-valuenow={Math.round(state.percent)}
    />
  );
}
