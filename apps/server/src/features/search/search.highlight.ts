import type { TSearchFragment } from '@atrium/contract';
import { MARK_START, MARK_STOP } from './search.repository.ts';

/**
 * ts_headline's answer, with the matched words between MARK_START and MARK_STOP, as pieces the
 * client renders itself (matched ones in <mark>): no HTML ever leaves the server, so nothing a
 * person wrote is inserted as markup. Adjacent pieces of the same kind are merged.
 */
export function toFragments(marked: string): TSearchFragment[] {
  const pieces: TSearchFragment[] = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = pieces[pieces.length - 1];
    if (last && last.match === match) last.text += text;
    else pieces.push({ text, match });
  };
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(MARK_START);
    if (start < 0) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const stop = rest.indexOf(MARK_STOP, start + 1);
    // An unclosed marker (never from ts_headline) marks the rest rather than losing it.
    const end = stop < 0 ? rest.length : stop;
    push(rest.slice(start + 1, end), true);
    rest = stop < 0 ? '' : rest.slice(stop + 1);
  }
  // Stray markers (ts_headline never leaves any) never reach the client.
  return pieces.map((p) => ({ text: p.text.replace(/[\uE000\uE001]/g, ''), match: p.match }));
}

/** The body's passage: nothing when no word of it matched (ts_headline then answers its start). */
export function toSnippet(marked: string): TSearchFragment[] {
  const pieces = toFragments(marked);
  return pieces.some((p) => p.match) ? pieces : [];
}
