/**
 * Winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document
 * fingerprinting", SIGMOD 2003; the algorithm of MOSS). Pure and deterministic: the same text
 * always gives the same fingerprints, whichever process computes them.
 *
 * - Normalising: the text is cut into words of letters and digits, lower-cased; punctuation,
 *   spacing and line breaks disappear, so reflowed or re-punctuated copies still match. Each word
 *   keeps its character range in the original text, so fingerprints point back at what people read.
 * - k-grams of K = 5 words (not characters): short enough that a copied sentence yields several,
 *   long enough that stock phrases ("at the end of the") rarely produce one on their own; words
 *   also make the result independent of how a file extractor spaced the text.
 * - A rolling polynomial hash over the words' 32-bit FNV-1a hashes (mod 2^32).
 * - Windows of W = 4 consecutive k-gram hashes; each keeps its minimum (the rightmost on ties),
 *   recorded once. Guarantee: any shared run of at least W + K - 1 = 8 words is detected; on
 *   average 2 / (W + 1) = 40 % of the k-grams are kept. Because W < K, the k-grams kept from one
 *   copied passage overlap, so their ranges merge into one passage.
 */

export const K = 5;
export const W = 4;

export interface Word {
  hash: number;
  start: number;
  end: number;
}

/** A kept k-gram: its hash (signed 32-bit, as stored) and its range in the original text. */
export interface Fingerprint {
  hash: number;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text's words, lower-cased, with their offsets in the original (end exclusive). */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    out.push({ hash: fnv1a(m[0].toLowerCase()), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const BASE = 0x01000193;

/** Hash of every K-word window, rolled: h' = (h - w0·B^(K-1))·B + wK (mod 2^32). */
export function kgramHashes(ws: Word[], k = K): number[] {
  if (ws.length < k) return [];
  let top = 1;
  for (let i = 1; i < k; i++) top = Math.imul(top, BASE);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + ws[i]!.hash) | 0;
  const out = [h | 0];
  for (let i = k; i < ws.length; i++) {
    h = (h - Math.imul(ws[i - k]!.hash, top)) | 0;
    h = (Math.imul(h, BASE) + ws[i]!.hash) | 0;
    out.push(h | 0);
  }
  return out;
}

/** The winnowed fingerprints of a text (see the module comment). */
export function fingerprint(text: string, k = K, w = W): Fingerprint[] {
  const ws = words(text);
  const hs = kgramHashes(ws, k);
  const out: Fingerprint[] = [];
  const keep = (i: number) =>
    out.push({ hash: hs[i]!, start: ws[i]!.start, end: ws[i + k - 1]!.end });
  if (hs.length === 0) return out;
  if (hs.length <= w) {
    // A text shorter than one window still has one fingerprint: its minimum.
    let min = 0;
    for (let i = 1; i < hs.length; i++) if (hs[i]! <= hs[min]!) min = i;
    keep(min);
    return out;
  }
  let last = -1;
  for (let s = 0; s + w <= hs.length; s++) {
    let min = s;
    for (let i = s + 1; i < s + w; i++) if (hs[i]! <= hs[min]!) min = i;
    if (min !== last) {
      keep(min);
      last = min;
    }
  }
  return out;
}

/** Share (0–1) of `a`'s distinct hashes that `b` also has. */
export function containment(a: readonly Fingerprint[], b: readonly Fingerprint[]): number {
  const mine = new Set(a.map((f) => f.hash));
  if (mine.size === 0) return 0;
  const theirs = new Set(b.map((f) => f.hash));
  let shared = 0;
  for (const h of mine) if (theirs.has(h)) shared++;
  return shared / mine.size;
}

export interface Passage {
  start: number;
  end: number;
  other_start: number;
  other_end: number;
}

/** Characters two kept k-grams may be apart and still be one passage. */
const GAP = 2;

/**
 * Matched passages of `a` against `b` as merged character ranges in both texts. Each shared
 * hash pairs a's k-gram with b's nearest-following occurrence (the first, else the first after
 * the previous pair), in a's order; neighbouring pairs merge when both ranges touch or overlap.
 */
export function passages(a: readonly Fingerprint[], b: readonly Fingerprint[]): Passage[] {
  const byHash = new Map<number, Fingerprint[]>();
  for (const f of b) {
    const list = byHash.get(f.hash);
    if (list) list.push(f);
    else byHash.set(f.hash, [f]);
  }
  const sorted = [...a].sort((x, y) => x.start - y.start);
  const out: Passage[] = [];
  let cur: Passage | null = null;
  for (const f of sorted) {
    const candidates = byHash.get(f.hash);
    if (!candidates) continue;
    const open: Passage | null = cur;
    const other: Fingerprint =
      (open &&
        candidates.find((c) => c.start >= open.other_start && c.start <= open.other_end + GAP)) ??
      candidates[0]!;
    if (
      cur &&
      f.start <= cur.end + GAP &&
      other.start <= cur.other_end + GAP &&
      other.end >= cur.other_start
    ) {
      cur.end = Math.max(cur.end, f.end);
      cur.other_start = Math.min(cur.other_start, other.start);
      cur.other_end = Math.max(cur.other_end, other.end);
      continue;
    }
    cur = { start: f.start, end: f.end, other_start: other.start, other_end: other.end };
    out.push(cur);
  }
  return out;
}
