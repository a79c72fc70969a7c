import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { certificateFonts, pdfFontkit } from './certificates.fonts.ts';
import { layoutLine, type Piece } from './certificates.layout.ts';
import { renderCertificate } from './certificates.pdf.ts';

/** The glyphs fontkit lays a piece out with (what pdf-lib's drawText encodes), in visual order. */
async function glyphs(piece: Piece) {
  const font = pdfFontkit.create((await piece.face.bytes()) as Buffer);
  return font
    .layout(piece.text)
    .glyphs.map((g) => ({ id: g.id, name: (g as unknown as { name: string }).name }));
}

describe('certificate line layout', () => {
  it('sets Chinese, Japanese and Korean names in the matching Noto face, with no .notdef', async () => {
    const { bold, regular } = await certificateFonts();
    for (const [name, lang] of [
      ['李小龙', 'SC'],
      ['さくら', 'JP'],
      ['桜井 さくら', 'JP'],
      ['김민준', 'KR'],
    ] as const) {
      for (const faces of [regular, bold]) {
        const pieces = layoutLine(name, faces);
        expect(pieces.map((p) => p.text).join('')).toBe(name);
        for (const p of pieces) {
          expect(p.face.key).toMatch(new RegExp(`^NotoSans${lang}-`));
          expect((await glyphs(p)).every((g) => g.id !== 0)).toBe(true);
        }
      }
    }
  });

  it('shapes Arabic (joining forms, lam-alef) and lays it right to left', async () => {
    const { bold } = await certificateFonts();
    const [piece, ...rest] = layoutLine('محمد علي', bold);
    expect(rest).toEqual([]);
    expect(piece!.rtl).toBe(true);
    // Visual order, left to right: ي (final), ل (medial), ع (initial), space, د (final) ... م (initial).
    expect((await glyphs(piece!)).map((g) => g.name)).toEqual([
      'uniFEF2',
      'uniFEE0',
      'uniFECB',
      'space',
      'uniFEAA',
      'uniFEE4',
      'uniFEA4',
      'uniFEE3',
    ]);
    const [lamAlef] = layoutLine('لا', bold);
    expect((await glyphs(lamAlef!)).map((g) => g.name)).toEqual(['uniFEFB']);
  });

  it('orders a mixed line by the bidi algorithm', async () => {
    const { regular } = await certificateFonts();
    const pieces = layoutLine('Ana محمد 李', regular);
    expect(pieces.map((p) => [p.text, p.rtl, p.face.key.split('-')[0]])).toEqual([
      ['Ana ', false, 'DejaVuSans'],
      ['محمد', true, 'DejaVuSans'],
      [' ', false, 'DejaVuSans'],
      ['李', false, 'NotoSansSC'],
    ]);
    expect((await glyphs(pieces[1]!)).map((g) => g.name)).toEqual([
      'uniFEAA',
      'uniFEE4',
      'uniFEA4',
      'uniFEE3',
    ]);
    // In a right-to-left line the number stays to the left and brackets are mirrored.
    const hebrew = layoutLine('שלום (דוגמה) 2026', regular);
    // (Pieces stay in logical order for fontkit, which reverses them: the brackets come mirrored.)
    expect(hebrew.map((p) => [p.text, p.rtl])).toEqual([
      ['2026', false],
      ['שלום )דוגמה( ', true],
    ]);
  });

  it('embeds only the CJK slices a certificate prints, instanced at 400 and 700', async () => {
    const printed = {
      title: 'Certificate',
      learner_name: '李小龙 · さくら · 김민준',
      achievement_name: 'Ana محمد 李',
      organisation_name: 'Org',
      issued_on: null,
      score: null,
      hours: null,
      expires_on: null,
      signatures: [],
      code: null,
      qr: false,
    };
    const design = {
      orientation: 'landscape' as const,
      primary_color: '#112233',
      text_color: '#000000',
      background_color: '#ffffff',
      signatures: [],
    };
    const bytes = await renderCertificate(
      printed,
      design,
      { background: null, logo: null, signatures: [] },
      'https://x.test/v',
    );
    const pdf = await PDFDocument.load(bytes);
    const names = pdf.context
      .enumerateIndirectObjects()
      .map(([, o]) => (o as { get?: (k: PDFName) => unknown }).get?.(PDFName.of('BaseFont')))
      .filter((n) => n !== undefined)
      .map((n) => `${n}`.replace(/^\//, '').replace(/-\d+$/, '')); // pdf-lib's random suffix
    // Name and course print bold (700): the name's han in JP (the line has kana), the course's in SC.
    for (const name of ['NotoSansJP-700-', 'NotoSansKR-700-', 'NotoSansSC-700-'].map((n) =>
      n.slice(0, -1),
    )) {
      expect(names.some((n) => n.startsWith(name))).toBe(true);
    }
    expect(names).toContain('DejaVuSans-Bold');
    // A handful of subset fonts, not the ~360 slices on disk.
    expect(new Set(names).size).toBeLessThan(12);
  });
});
