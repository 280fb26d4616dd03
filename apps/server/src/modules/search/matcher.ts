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
      units.push({ char, readings, at, width });
    } else if (/^[a-z0-9]$/.test(char)) {
      units.push({ char, readings: [char], at, width });
    }
    at += width;
  });
  return units;
}

interface Path {
  /** Units consumed from the start position. */
  end: number;
  /** Readings used that the dictionary would not give in context (zhangan for 长安). */
  offContext: number;
  /** The keyword ended inside a syllable: xixi → 西兴 (xixing) ranks after 西溪. */
  partial: boolean;
}

/** Matches keyword[i..] against units[u..]; the first path found prefers contextual readings. */
function matchFrom(units: readonly Unit[], u: number, kw: string, i: number, offContext: number): Path | null {
  if (i === kw.length) return { end: u, offContext, partial: false };
  const unit = units[u];
  if (!unit) return null;
  const c = kw[i]!;
  if (HAN.test(c)) {
    // Han characters outside the BMP are two code units; compare whole characters.
    const cp = kw.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    return unit.char === ch ? matchFrom(units, u + 1, kw, i + ch.length, offContext) : null;
  }
  const rest = kw.length - i;
  for (let r = 0; r < unit.readings.length; r++) {
    const reading = unit.readings[r]!;
    if (reading.charCodeAt(0) !== kw.charCodeAt(i)) continue;
    const cost = offContext + (r === 0 ? 0 : 1);
    // The whole syllable.
    if (kw.startsWith(reading, i)) {
      const p = matchFrom(units, u + 1, kw, i + reading.length, cost);
      if (p) return p;
    }
    if (reading.length === 1) continue;
    // The keyword ends inside this syllable: "xixin" → 西兴. A last single letter is an initial (below).
    if (rest > 1 && rest < reading.length && reading.startsWith(kw.slice(i))) {
      return { end: u + 1, offContext: cost, partial: !(rest === 2 && reading[1] === 'h') };
    }
    // zh/ch/sh as an initial: "zhq" → 张桥.
    if (reading[1] === 'h' && 'zcs'.includes(reading[0]!) && kw.charCodeAt(i + 1) === 104 /* h */) {
      const p = matchFrom(units, u + 1, kw, i + 2, cost);
      if (p) return p;
    }
    // The initial letter.
    const p = matchFrom(units, u + 1, kw, i + 1, cost);
    if (p) return p;
  }
  return null;
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
  private readonly postings = new Map<string, number[]>();
  /** Per-search scratch: the best match of each entry, marked with the search's stamp. */
  private readonly stamp: Uint32Array;
  private readonly best: Float64Array;
  private readonly bestName: Int32Array;
  private readonly bestStart: Int32Array;
  private readonly bestEnd: Int32Array;
  private searches = 0;

  constructor(entries: readonly SuggestEntry<T>[]) {
    this.entries = [...entries];
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
            let list = this.postings.get(key);
            if (!list) this.postings.set(key, (list = []));
            list.push(ref, pos);
          }
        });
      });
    });
    const n = this.entries.length;
    this.stamp = new Uint32Array(n);
    this.best = new Float64Array(n);
    this.bestName = new Int32Array(n);
    this.bestStart = new Int32Array(n);
    this.bestEnd = new Int32Array(n);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Matches ranked: exact, then prefix, then substring; then fewer off-context readings; then popularity. */
  search(keyword: string, limit: number): SuggestResult<T> {
    const kw = normalizeKeyword(keyword);
    if (!kw) return { total: 0, hits: [] };
    const list = this.postings.get(keyOf(kw));
    if (!list) return { total: 0, hits: [] };
    const stamp = ++this.searches;
    const matched: number[] = [];
    for (let k = 0; k < list.length; k += 2) {
      const ref = list[k]!;
      const start = list[k + 1]!;
      const name = this.names[ref]!;
      const path = matchFrom(name.units, start, kw, 0, 0);
      if (!path) continue;
      const tier = start > 0 ? 2 : path.end === name.units.length ? 0 : 1;
      // Lower is better: tier, then name before alias, whole syllables before a cut one, fewer off-context readings.
      const score =
        tier * 1_000 + (name.nameIdx > 0 ? 200 : 0) + (path.partial ? 100 : 0) + Math.min(path.offContext, 99);
      const e = name.entry;
      if (this.stamp[e] !== stamp) {
        this.stamp[e] = stamp;
        matched.push(e);
      } else if (this.best[e]! <= score) continue;
      this.best[e] = score;
      this.bestName[e] = ref;
      this.bestStart[e] = start;
      this.bestEnd[e] = path.end;
    }
    const entries = this.entries;
    const best = this.best;
    matched.sort(
      (a, b) =>
        best[a]! - best[b]! ||
        entries[b]!.popularity - entries[a]!.popularity ||
        entries[a]!.names[0]!.length - entries[b]!.names[0]!.length ||
        a - b,
    );
    const hits = matched.slice(0, limit).map((e): SuggestHit<T> => {
      const name = this.names[this.bestName[e]!]!;
      const entry = entries[e]!;
      const score = best[e]!;
      const tier = Math.floor(score / 1_000) as 0 | 1 | 2;
      if (name.nameIdx > 0) return { value: entry.value, tier, matchedAlias: entry.names[name.nameIdx]!, highlight: null };
      const first = name.units[this.bestStart[e]!]!;
      const last = name.units[this.bestEnd[e]! - 1]!;
      return { value: entry.value, tier, matchedAlias: null, highlight: [first.at, last.at + last.width] };
    });
    return { total: matched.length, hits };
  }
}
