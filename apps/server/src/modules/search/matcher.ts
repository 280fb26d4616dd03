// The in-memory suggest matcher (ARCHITECTURE §2 "search"): 1–2 character Chinese and pinyin input cannot use
// trigram indexes, so each city's names are held here with their pinyin. A keyword matches a name at any
// position when, character by character, it gives the 汉字 itself, its full pinyin, its initial (x, or zh/ch/sh)
// or — at the end of the keyword — the start of its pinyin: 西溪, xixi, xx, 西x, xix all find 西溪湿地.
// Polyphones: every reading of a character counts (重 zhong/chong, 长 chang/zhang, 厦 xia/sha), the reading the
// word dictionary gives in context ranks first.
import { pinyin, polyphonic } from 'pinyin-pro';

/** One searchable character of a name: separators (·, spaces, brackets) are skipped. */
interface Unit {
  /** The 汉字, or a lower-case latin letter or digit. */
  char: string;
  /** Its code point. */
  code: number;
  /** Some reading starts with zh, ch or sh. */
  retroflex: boolean;
  /** Readings, the contextual one first; a latin letter or digit reads as itself. */
  readings: string[];
  /** Offset and length of the character in the original name (UTF-16), for highlighting. */
  at: number;
  width: number;
}

interface IndexedName {
  entry: number;
  /** 0: the name; 1+: an alias. */
  nameIdx: number;
  units: Unit[];
}

export interface SuggestEntry<T> {
  /** The name first, then any aliases. */
  names: readonly string[];
  /** Higher ranks first among equally good matches (e.g. listings on sale + recent deals). */
  popularity: number;
  value: T;
}

export interface SuggestHit<T> {
  value: T;
  /** 0 exact, 1 prefix, 2 substring. */
  tier: 0 | 1 | 2;
  /** The alias that matched, or null when the name matched. */
  matchedAlias: string | null;
  /** [start, end) in the name, or null when an alias matched. */
  highlight: [number, number] | null;
}

export interface SuggestResult<T> {
  total: number;
  hits: SuggestHit<T>[];
}

const HAN = /\p{Script=Han}/u;
const KEEP = /[\p{Script=Han}a-z0-9]/u;

/** Full-width to half-width, lower case, and only 汉字, letters and digits: "Xi Xi'" → "xixi". */
export function normalizeKeyword(kw: string): string {
  let out = '';
  for (const ch of kw.normalize('NFKC').toLowerCase()) if (KEEP.test(ch)) out += ch;
  return out;
}

function readingsOf(contextual: string | undefined, all: readonly string[] | undefined, char: string): string[] {
  const set = new Set<string>();
  const add = (r: string | undefined) => {
    if (!r || !/^[a-z]+$/.test(r)) return;
    set.add(r);
    // ü: pinyin-pro writes lv/nv; people type lv or lu.
    if (r.includes('v')) set.add(r.replaceAll('v', 'u'));
  };
  add(contextual);
  for (const r of all ?? []) add(r);
  if (set.size === 0) set.add(char);
  return [...set];
}

/** Splits a name into units with readings; exported for tests. */
export function unitsOf(name: string): Unit[] {
  const chars = [...name];
  const context = pinyin(name, { toneType: 'none', type: 'array', v: true });
  const every = polyphonic(name, { toneType: 'none', type: 'array', v: true });
  const aligned = context.length === chars.length && every.length === chars.length;
  const units: Unit[] = [];
  let at = 0;
  chars.forEach((raw, i) => {
    const width = raw.length;
    const char = raw.normalize('NFKC').toLowerCase();
    if (HAN.test(char)) {
      const readings = aligned
        ? readingsOf(context[i], every[i], char)
        : readingsOf(undefined, polyphonic(char, { toneType: 'none', type: 'array', v: true })[0], char);
      const retroflex = readings.some((r) => /^[zcs]h/.test(r));
      units.push({ char, code: char.codePointAt(0)!, retroflex, readings, at, width });
    } else if (/^[a-z0-9]$/.test(char)) {
      units.push({ char, code: char.charCodeAt(0), retroflex: false, readings: [char], at, width });
    }
    at += width;
  });
  return units.slice(0, MAX_UNITS);
}

// A match is one small integer, so the hot loop allocates nothing: bits 0–7 the units consumed, bit 8 set
// when the keyword ended inside a syllable (xixi → 西兴, ranked after 西溪), bits 9+ the readings used that
// the dictionary would not give in context (zhangan for 长安). -1: no match.
const NO_MATCH = -1;
const PARTIAL = 1 << 8;
const OFF_CONTEXT = 1 << 9;
/** Names are cut to this many units (bits 0–7). */
const MAX_UNITS = 255;

/** Matches keyword[i..] against units[u..]; the first path found prefers contextual readings. */
function matchFrom(units: readonly Unit[], u: number, kw: string, i: number, cost: number): number {
  if (i === kw.length) return u + cost;
  const unit = units[u];
  if (!unit) return NO_MATCH;
  const code = kw.charCodeAt(i);
  // A normalized keyword holds only a–z, 0–9 and Han: anything beyond ASCII is a Han character.
  if (code >= 0x80) {
    // Han characters outside the BMP are two code units; compare whole characters.
    const cp = kw.codePointAt(i)!;
    return unit.code === cp ? matchFrom(units, u + 1, kw, i + (cp > 0xffff ? 2 : 1), cost) : NO_MATCH;
  }
  const rest = kw.length - i;
  const readings = unit.readings;
  for (let r = 0; r < readings.length; r++) {
    const reading = readings[r]!;
    if (reading.charCodeAt(0) !== code) continue;
    const c = r === 0 ? cost : cost + OFF_CONTEXT;
    // The whole syllable.
    if (rest >= reading.length && kw.startsWith(reading, i)) {
      const m = matchFrom(units, u + 1, kw, i + reading.length, c);
      if (m !== NO_MATCH) return m;
    }
    if (reading.length === 1) continue;
    // The keyword ends inside this syllable: "xixin" → 西兴. A last single letter is an initial (below).
    if (rest > 1 && rest < reading.length && reading.startsWith(kw.slice(i))) {
      return u + 1 + c + (rest === 2 && reading.charCodeAt(1) === 104 /* h */ ? 0 : PARTIAL);
    }
    // zh/ch/sh as an initial: "zhq" → 张桥.
    if (reading.charCodeAt(1) === 104 /* h */ && unit.retroflex && kw.charCodeAt(i + 1) === 104) {
      const m = matchFrom(units, u + 1, kw, i + 2, c);
      if (m !== NO_MATCH) return m;
    }
    // The initial letter.
    const m = matchFrom(units, u + 1, kw, i + 1, c);
    if (m !== NO_MATCH) return m;
  }
  return NO_MATCH;
}

/** The first character of a keyword: the posting list key. */
function keyOf(kw: string): string {
  return String.fromCodePoint(kw.codePointAt(0)!);
}

/**
 * One kind of target (小区, 板块 or 新房) of one city. Built once; a search walks only the positions whose
 * character or reading starts like the keyword.
 */
export class SuggestIndex<T> {
  private readonly entries: SuggestEntry<T>[];
  private readonly names: IndexedName[] = [];
  /** key (汉字, or a letter/digit a reading starts with) → flat [nameRef, unitPos, …]. */
  private readonly postings = new Map<string, Int32Array>();
  /** Position of each entry in the order popularity ↓, shorter name, then input order: breaks ties stably. */
  private readonly staticRank: Int32Array;
  /** Per-search scratch: the best match of each entry, marked with the search's stamp. */
  private readonly stamp: Uint32Array;
  private readonly bestKey: Float64Array;
  private readonly bestName: Int32Array;
  private readonly bestStart: Int32Array;
  private readonly bestEnd: Int32Array;
  private readonly matched: Int32Array;
  private searches = 0;

  constructor(entries: readonly SuggestEntry<T>[]) {
    this.entries = [...entries];
    const lists = new Map<string, number[]>();
    this.entries.forEach((entry, e) => {
      entry.names.forEach((name, nameIdx) => {
        if (!name) return;
        const units = unitsOf(name);
        if (units.length === 0) return;
        const ref = this.names.length;
        this.names.push({ entry: e, nameIdx, units });
        units.forEach((unit, pos) => {
          const keys = new Set<string>([unit.char]);
          for (const r of unit.readings) keys.add(r[0]!);
          for (const key of keys) {
            let list = lists.get(key);
            if (!list) lists.set(key, (list = []));
            list.push(ref, pos);
          }
        });
      });
    });
    for (const [key, list] of lists) this.postings.set(key, Int32Array.from(list));
    const n = this.entries.length;
    const order = [...this.entries.keys()].sort((a, b) => {
      const ea = this.entries[a]!;
      const eb = this.entries[b]!;
      return eb.popularity - ea.popularity || (ea.names[0]?.length ?? 0) - (eb.names[0]?.length ?? 0) || a - b;
    });
    this.staticRank = new Int32Array(n);
    order.forEach((e, rank) => (this.staticRank[e] = rank));
    this.stamp = new Uint32Array(n);
    this.bestKey = new Float64Array(n);
    this.bestName = new Int32Array(n);
    this.bestStart = new Int32Array(n);
    this.bestEnd = new Int32Array(n);
    this.matched = new Int32Array(n);
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Matches ranked: exact, then prefix, then substring; a name before an alias; whole syllables before one cut
   * short; fewer off-context readings; then popularity, shorter name, input order.
   */
  search(keyword: string, limit: number): SuggestResult<T> {
    const kw = normalizeKeyword(keyword);
    if (!kw) return { total: 0, hits: [] };
    const list = this.postings.get(keyOf(kw));
    if (!list) return { total: 0, hits: [] };
    const stamp = ++this.searches;
    const n = this.entries.length;
    const { names, staticRank, bestKey, matched } = this;
    let total = 0;
    for (let k = 0; k < list.length; k += 2) {
      const ref = list[k]!;
      const start = list[k + 1]!;
      const name = names[ref]!;
      const m = matchFrom(name.units, start, kw, 0, 0);
      if (m === NO_MATCH) continue;
      const end = m & 0xff;
      const tier = start > 0 ? 2 : end === name.units.length ? 0 : 1;
      const score = tier * 64 + (name.nameIdx > 0 ? 32 : 0) + (m & PARTIAL ? 16 : 0) + Math.min(m >>> 9, 15);
      const e = name.entry;
      // One number orders everything: lower is better.
      const key = score * n + staticRank[e]!;
      if (this.stamp[e] !== stamp) {
        this.stamp[e] = stamp;
        matched[total++] = e;
      } else if (bestKey[e]! <= key) continue;
      bestKey[e] = key;
      this.bestName[e] = ref;
      this.bestStart[e] = start;
      this.bestEnd[e] = end;
    }
    // The best `limit` by key, without sorting every match.
    const top: number[] = [];
    for (let j = 0; j < total; j++) {
      const e = matched[j]!;
      const key = bestKey[e]!;
      if (top.length === limit && key >= bestKey[top[limit - 1]!]!) continue;
      let at = top.length === limit ? limit - 1 : top.length;
      while (at > 0 && bestKey[top[at - 1]!]! > key) {
        top[at] = top[at - 1]!;
        at--;
      }
      top[at] = e;
    }
    const hits = top.map((e): SuggestHit<T> => {
      const name = names[this.bestName[e]!]!;
      const entry = this.entries[e]!;
      const tier = Math.floor(Math.floor(bestKey[e]! / n) / 64) as 0 | 1 | 2;
      if (name.nameIdx > 0)
        return { value: entry.value, tier, matchedAlias: entry.names[name.nameIdx]!, highlight: null };
      const first = name.units[this.bestStart[e]!]!;
      const last = name.units[this.bestEnd[e]! - 1]!;
      return { value: entry.value, tier, matchedAlias: null, highlight: [first.at, last.at + last.width] };
    });
    return { total, hits };
  }
}
