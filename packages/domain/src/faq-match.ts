// The FAQ bot's matcher (issue 15): which FAQ entry answers a user's chat message, if any. Chinese has no spaces,
// so text is compared as character bigrams (and whole Latin words or numbers, e.g. 'VIP', '24'): an entry scores by
// how much of the message its question and keywords cover, keywords weighing more. Below the threshold nothing
// matches and the bot offers a person instead ('转人工' is always offered anyway).

export interface FaqEntry {
  id: string;
  q: string;
  a: string;
  /** Words users type for this question (退款, 退钱, 发票 …); matched whole, each a strong signal. */
  keywords?: readonly string[];
}

export interface FaqMatch {
  entry: FaqEntry;
  score: number;
}

/** The least score that counts as an answer. */
export const FAQ_MATCH_THRESHOLD = 0.34;

const PUNCTUATION = /[\s\p{P}\p{S}]+/gu;
const LATIN = /[a-z0-9]+/g;
/** Filler a question carries whatever it asks: never evidence of a topic. */
const STOP = new Set([
  '怎么',
  '什么',
  '如何',
  '可以',
  '吗',
  '的',
  '了',
  '我',
  '你',
  '请问',
  '一下',
  '是否',
  '为什么',
  '么',
]);

/** The comparable pieces of a text: Latin words and numbers whole, Chinese as character bigrams (single chars alone). */
export function faqTokens(text: string): Set<string> {
  const lower = text.toLowerCase();
  const tokens = new Set<string>();
  for (const word of lower.match(LATIN) ?? []) tokens.add(word);
  for (const run of lower.replace(LATIN, ' ').split(PUNCTUATION)) {
    const chars = [...run];
    if (chars.length === 1 && !STOP.has(run)) tokens.add(run);
    for (let i = 0; i + 1 < chars.length; i++) {
      const bigram = chars[i]! + chars[i + 1]!;
      if (!STOP.has(bigram)) tokens.add(bigram);
    }
  }
  return tokens;
}

/** Each entry's question tokens, computed once (the bot matches every message against every entry). */
const questionTokens = new WeakMap<FaqEntry, Set<string>>();
function tokensOfQuestion(entry: FaqEntry): Set<string> {
  let tokens = questionTokens.get(entry);
  if (!tokens) questionTokens.set(entry, (tokens = faqTokens(entry.q)));
  return tokens;
}

function score(message: Set<string>, text: string, entry: FaqEntry): number {
  if (message.size === 0) return 0;
  const question = tokensOfQuestion(entry);
  let covered = 0;
  for (const t of message) if (question.has(t)) covered += 1;
  // share of the message the question explains, tempered by how much of the question the message touched
  const overlap = covered / message.size;
  const touched = question.size ? covered / question.size : 0;
  let s = 0.6 * overlap + 0.4 * touched;
  // a keyword found in the message is a strong signal on its own
  const hits = (entry.keywords ?? []).filter((k) => text.includes(k.toLowerCase())).length;
  if (hits > 0) s += 0.35 + 0.1 * Math.min(hits - 1, 2);
  return Math.min(1, s);
}

/** The best-matching entry for a chat message, or null when none reaches the threshold. Ties go to the earlier entry. */
export function matchFaq(message: string, entries: readonly FaqEntry[]): FaqMatch | null {
  const text = message.toLowerCase();
  const tokens = faqTokens(message);
  let best: FaqMatch | null = null;
  for (const entry of entries) {
    const s = score(tokens, text, entry);
    if (s >= FAQ_MATCH_THRESHOLD && (best === null || s > best.score)) best = { entry, score: s };
  }
  return best;
}
