// The sensitive-word filter of community posts (issue 17, Safety): a dictionary matched with Aho–Corasick
// (modern-ahocorasick) over the text folded to one form (full-width to ASCII, lower case, the spaces and symbols
// people put between characters to slip past a filter removed). Two lists:
//   block — fraud, gambling, pornography, violence, illegal services: the post is refused (COMMUNITY_MESSAGES.blockedWords);
//   flag  — soliciting off the platform, advertising: the post is kept, visible, and put in the moderation queue.
// The lists are data (sensitive-words.ts); staff extend them there.
import AhoCorasick from 'modern-ahocorasick';
import { BLOCK_WORDS, FLAG_WORDS } from './sensitive-words.ts';

export type WordVerdict = { verdict: 'ok' } | { verdict: 'flag' | 'block'; words: string[] };

/** Full-width forms to ASCII, lower case, and no separators between characters (垃 圾, 赌.博, 赌*博 …). */
export function foldForFilter(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toLowerCase()
    .replace(/[\s\u3000.,，。·•*_\-—~～|/\\'"“”‘’、!！?？:：;；()（）【】[\]{}<>《》#@&^%$+=`]/g, '');
}

type Kind = 'block' | 'flag';

function compile(): AhoCorasick<Kind> {
  const patterns = [
    ...BLOCK_WORDS.map((w) => ({ pattern: foldForFilter(w), data: 'block' as const })),
    ...FLAG_WORDS.map((w) => ({ pattern: foldForFilter(w), data: 'flag' as const })),
  ].filter((p) => p.pattern.length > 0);
  return new AhoCorasick<Kind>(patterns);
}

let matcher: AhoCorasick<Kind> | null = null;

/** What the filter says of a text (title and body together, say). */
export function checkWords(...texts: string[]): WordVerdict {
  matcher ??= compile();
  const found = new Map<string, Kind>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of matcher.search(foldForFilter(text))) {
      if (m.data === 'block' || !found.has(m.pattern)) found.set(m.pattern, m.data!);
    }
  }
  if (found.size === 0) return { verdict: 'ok' };
  const words = [...found.keys()];
  return { verdict: [...found.values()].includes('block') ? 'block' : 'flag', words };
}
