// mySuperLabel (spec §3 client state, §4 super-user flag): the signed-in viewer's super label, asked of GET
// question-answer/query-user-label in the browser (pages never see the user, ADR 0009) and kept per user for the
// tab's life; isSuperUser(label) says whether they are a 达人. A failed call is an answer for this page only.
import { useEffect, useState } from 'react';
import { isSuperUser, type UserLabelBody } from '@fjt/domain';
import { callApi, useViewer } from './session.ts';

type Label = UserLabelBody['label'];
let kept: { userId: number; label: Label } | null = null;

/** Forgets the kept label (tests; a label change shows on the next load). */
export function forgetSuperLabel(): void {
  kept = null;
}

export type MySuperLabel =
  | { status: 'loading'; label: null; isSuper: false }
  | { status: 'visitor'; label: null; isSuper: false }
  | { status: 'ready'; label: Label; isSuper: boolean };

const LOADING: MySuperLabel = { status: 'loading', label: null, isSuper: false };

export function useMySuperLabel(): MySuperLabel {
  const viewer = useViewer();
  const userId = viewer.user?.id ?? null;
  const [label, setLabel] = useState<{ userId: number; label: Label } | null>(
    kept && kept.userId === userId ? kept : null,
  );
  useEffect(() => {
    if (userId === null) return;
    if (kept?.userId === userId) {
      setLabel(kept);
      return;
    }
    let live = true;
    void callApi<UserLabelBody>('question-answer/query-user-label').then((res) => {
      const answer = { userId, label: res.resultCode === 0 && res.body ? res.body.label : null };
      if (res.resultCode === 0) kept = answer;
      if (live) setLabel(answer);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (viewer.status === 'visitor') return { status: 'visitor', label: null, isSuper: false };
  if (viewer.status === 'loading' || !label || label.userId !== userId) return LOADING;
  return { status: 'ready', label: label.label, isSuper: isSuperUser(label.label) };
}
