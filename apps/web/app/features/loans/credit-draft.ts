// The 购房信用评估 in progress (form, then answers), kept in sessionStorage between its pages until it is submitted:
// a reload or 上一步 keeps what was typed; closing the tab forgets it. Income figures never go into a URL.
import type { CreditAnswers, CreditForm } from '@fjt/domain';

const KEY = 'fjt-credit-draft';

export interface CreditDraft {
  form: CreditForm | null;
  answers: CreditAnswers;
}

export function readCreditDraft(): CreditDraft {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<CreditDraft>) : {};
    return {
      form: parsed.form && typeof parsed.form === 'object' ? parsed.form : null,
      answers: parsed.answers && typeof parsed.answers === 'object' ? parsed.answers : {},
    };
  } catch {
    return { form: null, answers: {} };
  }
}

export function writeCreditDraft(draft: CreditDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // private mode without storage: the draft lives only in the page
  }
}

export function clearCreditDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
