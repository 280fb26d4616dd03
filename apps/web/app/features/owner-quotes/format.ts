// Small display helpers of the owner-quote pages and the console's quote block (万 as the owner typed it).
import {
  CONTACT_PREFERENCE_LABELS,
  QUOTE_TIMELINE_LABELS,
  yuanToWan,
  type ContactPreference,
  type QuoteTimeline,
} from '@fjt/domain';

/** 元 → '350.5万'. */
export const wan = (yuan: number): string => `${yuanToWan(yuan)}万`;
export const timelineLabel = (t: string): string => QUOTE_TIMELINE_LABELS[t as QuoteTimeline] ?? t;
export const contactLabel = (c: string): string => CONTACT_PREFERENCE_LABELS[c as ContactPreference] ?? c;

/** The query of the quote pages: estateId, then the optional ones, as a '?…' string. */
export function quoteQuery(params: Record<string, number | string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
