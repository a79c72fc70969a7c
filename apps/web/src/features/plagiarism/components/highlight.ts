/**
 * Cuts a text into plain and highlighted pieces for the side-by-side view. `ranges` are the
 * passages' character ranges (end exclusive) in this text, each with its passage index; they are
 * sorted and clipped so that overlapping passages never repeat a character.
 */
export interface Piece {
  text: string;
  /** The passage index, or null for text outside every passage. */
  passage: number | null;
}

export function pieces(text: string, ranges: { start: number; end: number; passage: number }[]) {
  const out: Piece[] = [];
  let at = 0;
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.passage - b.passage);
  for (const r of sorted) {
    const start = Math.max(r.start, at);
    const end = Math.min(r.end, text.length);
    if (end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), passage: null });
    out.push({ text: text.slice(start, end), passage: r.passage });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), passage: null });
  return out;
}
