import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkitModule from '@pdf-lib/fontkit';

// The package is UMD: its functions sit on `default` when Node loads it as ES module interop.
export const fontkit: typeof fontkitModule =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

/**
 * The fonts certificates print with, embedded (subset) in every PDF. Names come in any script, so
 * each run of text is set in the first font that has its glyphs: DejaVu Sans covers Latin, Greek,
 * Cyrillic, Arabic, Hebrew and more (from the `dejavu-fonts-ttf` npm package, TrueType). No npm
 * package we ship carries a CJK TrueType font of a reasonable size yet: a CJK face added to
 * FALLBACKS is picked per glyph run with no other change.
 */

const require = createRequire(import.meta.url);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export interface FontFace {
  bytes: Uint8Array;
  has(codePoint: number): boolean;
}
export interface FontSet {
  regular: FontFace[];
  bold: FontFace[];
}

const FILES = {
  regular: [dejavu('DejaVuSans.ttf')],
  bold: [dejavu('DejaVuSans-Bold.ttf')],
};

let loaded: Promise<FontSet> | null = null;

async function face(path: string): Promise<FontFace> {
  const bytes = new Uint8Array(await readFile(path));
  const font = fontkit.create(Buffer.from(bytes));
  return { bytes, has: (cp) => font.hasGlyphForCodePoint(cp) };
}

/** Read once per process: a few hundred kilobytes each. */
export function certificateFonts(): Promise<FontSet> {
  loaded ??= (async () => ({
    regular: await Promise.all(FILES.regular.map(face)),
    bold: await Promise.all(FILES.bold.map(face)),
  }))().catch((err) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

/**
 * Splits text into runs, each the longest stretch one face can set (the first face that has the
 * glyph; a glyph no face has stays with the first face, which draws its .notdef box).
 */
export function runsOf(text: string, faces: readonly FontFace[]): { face: number; text: string }[] {
  const runs: { face: number; text: string }[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    // Spaces stay in the run they are in rather than switching faces.
    const found = faces.findIndex((f) => f.has(ch.codePointAt(0) ?? 0));
    const index = last && (ch.trim() === '' || found < 0) ? last.face : Math.max(found, 0);
    if (last && last.face === index) last.text += ch;
    else runs.push({ face: index, text: ch });
  }
  return runs;
}
