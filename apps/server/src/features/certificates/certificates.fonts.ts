import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkitModule from '@pdf-lib/fontkit';

// The package is UMD: its functions sit on `default` when Node loads it as ES module interop.
export const fontkit: typeof fontkitModule =
  (fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule;

/**
 * The fonts certificates print with, embedded (subset) in every PDF. Names come in any script, so
 * each run of text is set in the first face that has its glyphs:
 * - DejaVu Sans (`dejavu-fonts-ttf`, TrueType) covers Latin, Greek, Cyrillic, Arabic, Hebrew and
 *   more; fontkit's layout shapes its Arabic (contextual forms, lam-alef) once the bidi pass of
 *   certificates.layout.ts hands it right-to-left runs on their own.
 * - Noto Sans SC, JP and KR (`@fontsource-variable/noto-sans-*`, ~5 MB each) cover Chinese, kana
 *   and kanji, Hangul. They ship as ~120 WOFF2 slices per language, each a TrueType-outline
 *   variable font for one unicode range (`unicode.json`): only the ranges are read at start, a
 *   slice's bytes when a certificate prints one of its characters (a name costs a few slices of
 *   ~30-80 KB). Full static CJK TrueType packages weigh ~95 MB a language; CFF (OTF) fonts do not
 *   subset reliably in fontkit.
 * The slices are variable fonts whose default instance is Thin (wght 100), so `pdfFontkit` below
 * instances them at 400 / 700 (see `instanceWoff2`).
 */

const require = createRequire(import.meta.url);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export type Lang = 'sc' | 'jp' | 'kr';
export interface FontFace {
  /** Stable name: tests and the PDF's font names use it. */
  key: string;
  /** Set for the CJK faces: lets a line prefer the language its kana / Hangul point to. */
  lang?: Lang;
  has(codePoint: number): boolean;
  /** The font file (TrueType or WOFF2); read on first use, then kept. */
  bytes(): Promise<Uint8Array>;
}
export interface FontSet {
  regular: FontFace[];
  bold: FontFace[];
}

/** What a variable WOFF2 slice is instanced at, by the bytes pdf-lib passes to fontkit.create. */
const weightOf = new WeakMap<Uint8Array, number>();

async function dejavuFace(file: string): Promise<FontFace> {
  const data = new Uint8Array(await readFile(dejavu(file)));
  const font = fontkit.create(Buffer.from(data));
  return {
    key: file.replace(/\.ttf$/, ''),
    has: (cp) => font.hasGlyphForCodePoint(cp),
    bytes: async () => data,
  };
}

type Range = [number, number];
const parseRanges = (list: string): Range[] =>
  list.split(',').map((r) => {
    const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
    const from = Number.parseInt(a ?? '', 16);
    return [from, b ? Number.parseInt(b, 16) : from];
  });

/** The numbered CJK slices of one language (the latin / cyrillic ones DejaVu already covers). */
async function cjkFaces(lang: Lang, weight: number): Promise<FontFace[]> {
  const pkg = `@fontsource-variable/noto-sans-${lang}`;
  const slices = JSON.parse(
    await readFile(require.resolve(`${pkg}/unicode.json`), 'utf8'),
  ) as Record<string, string>;
  return Object.entries(slices)
    .filter(([name]) => /^\[\d+\]$/.test(name))
    .map(([name, list]) => {
      const ranges = parseRanges(list);
      const file = `noto-sans-${lang}-${name.slice(1, -1)}-wght-normal.woff2`;
      let data: Promise<Uint8Array> | null = null;
      return {
        key: `NotoSans${lang.toUpperCase()}-${weight}-${name.slice(1, -1)}`,
        lang,
        has: (cp) => ranges.some(([a, b]) => cp >= a && cp <= b),
        bytes: () => {
          data ??= readFile(require.resolve(`${pkg}/files/${file}`)).then((b) => {
            const bytes = new Uint8Array(b);
            weightOf.set(bytes, weight);
            return bytes;
          });
          return data;
        },
      } satisfies FontFace;
    });
}

let loaded: Promise<FontSet> | null = null;

/** Read once per process: DejaVu (a few hundred kilobytes a face) and the CJK ranges. */
export function certificateFonts(): Promise<FontSet> {
  loaded ??= (async () => {
    const [regular, bold] = await Promise.all([
      dejavuFace('DejaVuSans.ttf'),
      dejavuFace('DejaVuSans-Bold.ttf'),
    ]);
    const cjk = (w: number) =>
      Promise.all((['sc', 'jp', 'kr'] as const).map((l) => cjkFaces(l, w)));
    return {
      regular: [regular, ...(await cjk(400)).flat()],
      bold: [bold, ...(await cjk(700)).flat()],
    };
  })().catch((err) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

const langOf = (text: string): Lang | null =>
  KANA.test(text) ? 'jp' : HANGUL.test(text) ? 'kr' : null;
const ranked = (faces: readonly FontFace[], first: Lang) =>
  [...faces].sort((a, b) => rank(a, first) - rank(b, first));
const rank = (f: FontFace, first: Lang) => (f.lang === undefined ? 0 : f.lang === first ? 1 : 2);

/**
 * The face each character of `text` (by UTF-16 index) is set in: the first face that has the
 * glyph; spaces and glyphs no face has stay with the face before them (the first face at the
 * start, which draws its .notdef box for a character nobody has). Hangul and kana look in the
 * Korean and Japanese faces first, and a han character in the language the line's kana or Hangul
 * show (a Japanese name is set in Noto Sans JP throughout), Chinese otherwise: the slices' ranges
 * are shared between the three families and claim a few characters a family has no glyph for.
 */
export function facesOf(text: string, faces: readonly FontFace[]): FontFace[] {
  const orders = new Map<Lang, FontFace[]>();
  const inOrder = (lang: Lang) => {
    const list = orders.get(lang) ?? ranked(faces, lang);
    orders.set(lang, list);
    return list;
  };
  const lineLang = langOf(text) ?? 'sc';
  const out: FontFace[] = [];
  let last: FontFace | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const found = inOrder(langOf(ch) ?? lineLang).find((f) => f.has(cp));
    const face = last && (ch.trim() === '' || !found) ? last : (found ?? (faces[0] as FontFace));
    for (let i = 0; i < ch.length; i += 1) out.push(face);
    last = face;
  }
  return out;
}

type Fontkit = typeof fontkit;
type FontkitFont = ReturnType<Fontkit['create']>;
// fontkit internals this relies on (@pdf-lib/fontkit 1.1.1, a frozen fork; the tests render it).
interface Woff2Internals {
  variationCoords: number[] | null;
  _variationProcessor: { transformPoints(gid: number, points: unknown[]): void } | null;
  _transformGlyfTable(): void;
  _transformedGlyphs: ({ numberOfContours: number; points?: object[] } | null)[];
  getGlyph(gid: number): unknown;
  _getTableStream(tag: string): { readBuffer(length: number): Uint8Array };
  createSubset(): Subset;
}
interface Subset {
  font: Woff2Internals;
  glyphEncoder: { encodeSimple(path: unknown, instructions: number[]): Uint8Array };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * fontkit instances variable TrueType fonts (`getVariation`) only when they are plain TTF: for a
 * WOFF2 it neither applies the variation to the pre-decoded glyphs nor subsets them (its subsetter
 * copies glyph bytes through the `loca` table, which WOFF2 leaves empty). This applies the gvar
 * deltas to the decoded points and has the subsetter encode every glyph from its (varied,
 * composites flattened) outline, hinting dropped: what a PDF viewer needs.
 */
function instanceWoff2(fontkitFont: FontkitFont, weight: number): FontkitFont {
  const font = fontkitFont as unknown as Woff2Internals;
  font.variationCoords = [weight];
  const transform = font._transformGlyfTable.bind(font);
  font._transformGlyfTable = () => {
    transform();
    const processor = font._variationProcessor;
    font._transformedGlyphs.forEach((glyph, gid) => {
      if (!processor || !glyph?.points?.[0] || glyph.numberOfContours <= 0) return;
      // gvar also moves 4 phantom points (the metrics): HVAR gives the advances, so placeholders
      // of fontkit's Point class do. (Asking the glyph for its own would cache its unvaried path.)
      const Point = glyph.points[0].constructor as new (
        on: boolean,
        end: boolean,
        x: number,
        y: number,
      ) => object;
      const phantom = [0, 1, 2, 3].map(() => new Point(false, true, 0, 0));
      processor.transformPoints(gid, [...glyph.points, ...phantom]);
    });
  };
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset._addGlyph = function addGlyph(this: Subset, gid: number) {
      const glyph = this.font.getGlyph(gid) as unknown as {
        path: { commands: unknown[] };
        advanceWidth: number;
        _getMetrics(): { leftBearing: number };
      };
      const buffer =
        glyph.path.commands.length > 0
          ? this.glyphEncoder.encodeSimple(glyph.path, [])
          : // An empty glyph (a space): a zero-length buffer of fontkit's own Buffer type.
            this.font._getTableStream('glyf').readBuffer(0);
      this.glyf.push(buffer);
      this.loca.offsets.push(this.offset);
      this.hmtx.metrics.push({
        advance: glyph.advanceWidth,
        bearing: glyph._getMetrics().leftBearing,
      });
      this.offset += buffer.length;
      return this.glyf.length - 1;
    };
    return subset;
  };
  return fontkitFont;
}

/** The fontkit to register on a PDFDocument: instances the CJK slices at their weight. */
export const pdfFontkit: Fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(data as Buffer, postscriptName);
    const weight = weightOf.get(data);
    return weight ? instanceWoff2(font, weight) : font;
  },
} as Fontkit;
