import type { TCertificatePrinted } from '@atrium/contract';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { certificateFonts, type FontFace, pdfFontkit } from './certificates.fonts.ts';
import { layoutLine } from './certificates.layout.ts';

/**
 * The certificate's PDF, drawn with pdf-lib: colours, background image, logo, title, the fields
 * the template prints, signatures, the code and a QR of the verification URL. Text is set with
 * embedded (subset) fonts chosen per glyph run (certificates.fonts.ts), in bidi order with Arabic
 * shaped (certificates.layout.ts), so names in Greek, Cyrillic, Arabic, Hebrew or CJK print; a
 * face is embedded only when the certificate prints a character of it.
 * The document's metadata repeats the printed text (title, subject, keywords) for search tools.
 */

export interface Design {
  orientation: 'landscape' | 'portrait';
  primary_color: string;
  text_color: string;
  background_color: string;
  signatures: { name: string; title: string; image: string | null }[];
}
export interface DesignImages {
  background: Uint8Array | null;
  logo: Uint8Array | null;
  /** By the signature's position. */
  signatures: (Uint8Array | null)[];
}

const A4 = { long: 841.89, short: 595.28 };
const hex = (c: string) =>
  rgb(
    Number.parseInt(c.slice(1, 3), 16) / 255,
    Number.parseInt(c.slice(3, 5), 16) / 255,
    Number.parseInt(c.slice(5, 7), 16) / 255,
  );

/** The lines the body prints, in order (tests read them; the PDF draws them). */
export function bodyLines(p: TCertificatePrinted): { text: string; size: number; bold: boolean }[] {
  const lines: { text: string; size: number; bold: boolean }[] = [];
  if (p.learner_name) {
    lines.push({ text: 'This certifies that', size: 13, bold: false });
    lines.push({ text: p.learner_name, size: 28, bold: true });
  }
  if (p.achievement_name) {
    lines.push({ text: 'has successfully completed', size: 13, bold: false });
    lines.push({ text: p.achievement_name, size: 20, bold: true });
  }
  const facts = [
    p.issued_on ? `Date: ${p.issued_on}` : null,
    p.score !== null ? `Score: ${Math.round(p.score * 10) / 10}%` : null,
    p.hours !== null ? `Hours: ${p.hours}` : null,
    p.expires_on ? `Valid until: ${p.expires_on}` : null,
  ].filter((s): s is string => s !== null);
  if (facts.length > 0) lines.push({ text: facts.join('   ·   '), size: 12, bold: false });
  return lines;
}

export async function renderCertificate(
  printed: TCertificatePrinted,
  design: Design,
  images: DesignImages,
  verifyUrl: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(pdfFontkit);
  const fonts = await certificateFonts();
  const embedded = new Map<FontFace, Promise<PDFFont>>();
  const embed = async (face: FontFace) => {
    let font = embedded.get(face);
    if (!font) {
      // Named by the face: the CJK slices' own name is their default instance's ("Thin").
      font = face
        .bytes()
        .then((bytes) => doc.embedFont(bytes, { subset: true, customName: face.key }));
      embedded.set(face, font);
    }
    return font;
  };
  const [width, height] =
    design.orientation === 'landscape' ? [A4.long, A4.short] : [A4.short, A4.long];
  const page = doc.addPage([width, height]);
  const primary = hex(design.primary_color);
  const ink = hex(design.text_color);

  page.drawRectangle({ x: 0, y: 0, width, height, color: hex(design.background_color) });
  if (images.background) {
    const bg = await doc.embedPng(images.background);
    page.drawImage(bg, { x: 0, y: 0, width, height });
  }
  page.drawRectangle({
    x: 18,
    y: 18,
    width: width - 36,
    height: height - 36,
    borderColor: primary,
    borderWidth: 3,
  });

  /** Lays the line out, measures the shaped pieces, then draws them at x or centred on cx. */
  const write = async (
    text: string,
    y: number,
    size: number,
    isBold: boolean,
    color = ink,
    at: { x: number } | { cx: number } = { cx: width / 2 },
  ) => {
    const pieces = await Promise.all(
      layoutLine(text, isBold ? fonts.bold : fonts.regular).map(async (p) => {
        const font = await embed(p.face);
        return { ...p, font, width: font.widthOfTextAtSize(p.text, size) };
      }),
    );
    const total = pieces.reduce((a, p) => a + p.width, 0);
    let cursor = 'x' in at ? at.x : at.cx - total / 2;
    for (const p of pieces) {
      page.drawText(p.text, { x: cursor, y, size, font: p.font, color });
      cursor += p.width;
    }
  };

  let y = height - 70;
  if (images.logo) {
    const logo = await doc.embedPng(images.logo);
    const scale = Math.min(160 / logo.width, 60 / logo.height, 1);
    page.drawImage(logo, {
      x: (width - logo.width * scale) / 2,
      y: y - logo.height * scale + 20,
      width: logo.width * scale,
      height: logo.height * scale,
    });
    y -= logo.height * scale + 10;
  }
  await write(printed.title, y - 20, 30, true, primary);
  await write(printed.organisation_name, y - 45, 12, false);
  y -= 100;
  for (const line of bodyLines(printed)) {
    await write(line.text, y, line.size, line.bold);
    y -= line.size + 16;
  }

  // Signatures: one centred, or two at the thirds, on a line above the bottom margin.
  const sigs = printed.signatures;
  for (const [i, sig] of sigs.entries()) {
    const cx = sigs.length === 1 ? width / 2 : (width * (i + 1)) / 3;
    const base = 120;
    const image = images.signatures[i];
    if (image) await drawFitted(page, await doc.embedPng(image), cx, base + 4, 140, 40);
    page.drawLine({
      start: { x: cx - 80, y: base },
      end: { x: cx + 80, y: base },
      thickness: 0.8,
      color: ink,
    });
    await write(sig.name, base - 16, 11, false, ink, { cx });
    if (sig.title) await write(sig.title, base - 30, 9, false, ink, { cx });
  }

  if (printed.code) {
    await write(`Verification code: ${printed.code}`, 40, 9, false, ink, { x: 40 });
    await write(verifyUrl, 28, 8, false, ink, { x: 40 });
  }
  if (printed.qr) {
    const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const side = 70;
    const cell = side / n;
    const x0 = width - 40 - side;
    const y0 = 28;
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        if (qr.modules.get(r, c)) {
          page.drawRectangle({
            x: x0 + c * cell,
            y: y0 + side - (r + 1) * cell,
            width: cell,
            height: cell,
            color: rgb(0, 0, 0),
          });
        }
      }
    }
  }

  doc.setTitle(`${printed.title}: ${printed.learner_name ?? ''}`.trim());
  doc.setSubject(printed.achievement_name ?? printed.title);
  doc.setKeywords([printed.code ?? '', verifyUrl].filter(Boolean));
  doc.setProducer('Atrium');
  doc.setCreator('Atrium');
  // Without object streams the font dictionaries stay readable to simple checkers (and tests).
  return doc.save({ useObjectStreams: false });
}

async function drawFitted(
  page: PDFPage,
  img: PDFImage,
  cx: number,
  y: number,
  w: number,
  h: number,
) {
  const scale = Math.min(w / img.width, h / img.height, 1);
  page.drawImage(img, {
    x: cx - (img.width * scale) / 2,
    y,
    width: img.width * scale,
    height: img.height * scale,
  });
}
