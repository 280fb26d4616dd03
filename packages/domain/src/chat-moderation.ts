// Contact details in agents' chat messages (issue 15): an agent must not pull a user off the platform, so mainland
// mobile numbers, landlines with an area code and WeChat ids in what an agent writes are masked (138****5678,
// 021-****5678, ab****) — unless the user of that conversation sent the same contact in one of their own messages
// first (compared in a normalised form: digits only, ids in lower case). Pure functions; the chat server applies them
// before a message is stored (docs/chat-protocol.md, Contact details).

export type ContactKind = 'mobile' | 'landline' | 'wechat';

export interface FoundContact {
  kind: ContactKind;
  /** Where it is in the text (UTF-16 offsets, end exclusive): the part a mask replaces. */
  start: number;
  end: number;
  /** The same contact however it was written: `mobile:13812345678`, `landline:02161234567`, `wechat:zhang_san`. */
  key: string;
  /** What replaces it. */
  mask: string;
}

/**
 * Full-width digits, letters and punctuation (０-９, Ａ-Ｚ, －, （） …) and the ideographic space become their ASCII
 * forms, one UTF-16 unit for one, so an offset in the folded text is the same offset in the original.
 */
function fold(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (c) =>
    c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

/** Between the digits of a number people may put a space, a tab or a dash (one), e.g. 138 1234 5678. */
const SEP = '[ \\t-]?';

/**
 * The patterns, built on first use and not when the module loads: they look behind (`(?<!…)`), which Safari only
 * parses from 16.4, and this package is also bundled into the web app — a literal there would break its start.
 */
function compile() {
  // A mobile number: 11 digits from 1[3-9], optionally after +86 / 0086 / 86. The run of digits (with single
  // separators) must be exactly 11 long: a longer one is an order number, a price list or a row of room numbers.
  const mobile = new RegExp(`(?<!\\d${SEP})(?:(?:\\+|00)?86${SEP})?(1${SEP}[3-9](?:${SEP}\\d){9})(?!${SEP}\\d)`, 'g');

  // A landline with its area code: 010, 02x, or 0 and three digits (0755), optionally in brackets, then a local
  // number of 7 or 8 digits that starts 2-9 (local numbers never start with 0 or 1).
  const area = '0(?:10|2\\d|[3-9]\\d{2})';
  const landline = new RegExp(
    `(?<!\\d${SEP})(\\(${area}\\)|${area})${SEP}([2-9]\\d{2,3}${SEP}\\d{4})(?!${SEP}\\d)`,
    'g',
  );

  // What announces a WeChat id: 微信(号) and the homophones used to slip past filters (威信, 薇信, V信 …), vx / wx /
  // weixin / wechat as a word of their own, 加V / +V. Then a little filler (：, 号是, a space — no letters or digits,
  // not past the end of a sentence), then the id: 6–20 letters, digits, _ or -, starting with a letter (WeChat's
  // rule), and not running on.
  const label =
    '(?:[微威薇维徽]信(?:号|id)?|v信(?:号)?|(?<![a-z])(?:vx|wx|weixin|wechat)(?:号|id)?(?![a-z])|[加+➕]\\s?v(?![a-z]))';
  const id = '(?<![a-z0-9_-])[a-z][a-z0-9_-]{5,19}(?![a-z0-9_-])';
  return {
    mobile,
    landline,
    wechat: new RegExp(`${label}[^a-z0-9_\\-\\n。！？!?]{0,6}(${id})`, 'gi'),
    /** WeChat's own default ids (wxid_…) are ids wherever they stand, label or not. */
    wxid: new RegExp('(?<![a-z0-9_-])(wxid_[a-z0-9_-]{4,30})(?![a-z0-9_-])', 'gi'),
    /** Anything shaped like a WeChat id: in the user's own messages, such a word counts as shared, label or not. */
    idWord: new RegExp(id, 'gi'),
  };
}

let compiled: ReturnType<typeof compile> | null = null;
const patterns = () => (compiled ??= compile());

const digits = (s: string) => s.replace(/\D/g, '');

/** Every mobile number, landline and labelled WeChat id in the text, in order, none overlapping. */
export function findContacts(text: string): FoundContact[] {
  const folded = fold(text);
  const { mobile, landline, wechat, wxid } = patterns();
  const found: FoundContact[] = [];
  for (const m of folded.matchAll(mobile)) {
    const number = digits(m[1]!);
    found.push({
      kind: 'mobile',
      start: m.index,
      end: m.index + m[0].length,
      key: `mobile:${number}`,
      mask: `${number.slice(0, 3)}****${number.slice(-4)}`,
    });
  }
  for (const m of folded.matchAll(landline)) {
    const area = digits(m[1]!);
    const local = digits(m[2]!);
    found.push({
      kind: 'landline',
      start: m.index,
      end: m.index + m[0].length,
      key: `landline:${area}${local}`,
      mask: `${area}-****${local.slice(-4)}`,
    });
  }
  for (const pattern of [wechat, wxid]) {
    for (const m of folded.matchAll(pattern)) {
      const id = m[1]!;
      // only the id is masked; the label stays, so the reader sees what was hidden
      const end = m.index + m[0].length;
      found.push({
        kind: 'wechat',
        start: end - id.length,
        end,
        key: `wechat:${id.toLowerCase()}`,
        mask: `${id.slice(0, 2)}****`,
      });
    }
  }
  found.sort((a, b) => a.start - b.start);
  return found.filter((c, i) => i === 0 || c.start >= found[i - 1]!.end);
}

/**
 * The contacts a user has given in their own messages: whatever findContacts finds, and every word shaped like a
 * WeChat id (a user who writes 「加我 zhang_san88」 has shared it, label or not).
 */
export function sharedContacts(userTexts: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const text of userTexts) {
    for (const contact of findContacts(text)) keys.add(contact.key);
    for (const m of fold(text).matchAll(patterns().idWord)) keys.add(`wechat:${m[0].toLowerCase()}`);
  }
  return keys;
}

/** The text with every contact masked except those in `shared` (keys from sharedContacts); unchanged when none. */
export function maskContacts(text: string, shared: ReadonlySet<string> = new Set()): string {
  let out = '';
  let at = 0;
  for (const contact of findContacts(text)) {
    if (shared.has(contact.key)) continue;
    out += text.slice(at, contact.start) + contact.mask;
    at = contact.end;
  }
  return at === 0 ? text : out + text.slice(at);
}
