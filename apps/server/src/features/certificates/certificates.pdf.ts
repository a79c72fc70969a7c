import type { TCertificatePrinted } from '@atrium/contract';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { certificateFonts, fontkit, runsOf } from './certificates.fonts.ts';

/**
 * The certificate's PDF, drawn with pdf-lib: colours, background image, logo, title, the fields
 * the template prints, signatures, the code and a QR of the verification URL. Text is set with
 * embedded (subset) fonts chosen per glyph run, so names in Greek, Cyrillic or Arabic print.
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
  doc.registerFontkit(fontkit);
  const fonts = await certificateFonts();
  const regular = await Promise.all(
    fonts.regular.map((f) => doc.embedFont(f.bytes, { subset: true })),
  );
  const bold = await Promise.all(fonts.bold.map((f) => doc.embedFont(f.bytes, { subset: true })));
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

  const write = (
    text: string,
    y: number,
    size: number,
    isBold: boolean,
    color = ink,
    x?: number,
  ) => {
    const faces = isBold ? bold : regular;
    const runs = runsOf(text, isBold ? fonts.bold : fonts.regular);
    const widths = runs.map((r) => faces[r.face]!.widthOfTextAtSize(r.text, size));
    let cursor = x ?? (width - widths.reduce((a, b) => a + b, 0)) / 2;
    runs.forEach((r, i) => {
      page.drawText(r.text, { x: cursor, y, size, font: faces[r.face] as PDFFont, color });
      cursor += widths[i]!;
    });
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
  write(printed.title, y - 20, 30, true, primary);
  write(printed.organisation_name, y - 45, 12, false);
  y -= 100;
  for (const line of bodyLines(printed)) {
    write(line.text, y, line.size, line.bold);
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
    writeCentred(write, regular, fonts.regular, sig.name, cx, base - 16, 11);
    if (sig.title) writeCentred(write, regular, fonts.regular, sig.title, cx, base - 30, 9);
  }

  if (printed.code) {
    write(`Verification code: ${printed.code}`, 40, 9, false, ink, 40);
    write(verifyUrl, 28, 8, false, ink, 40);
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

function writeCentred(
  write: (
    t: string,
    y: number,
    s: number,
    b: boolean,
    c?: ReturnType<typeof rgb>,
    x?: number,
  ) => void,
  faces: PDFFont[],
  sets: Parameters<typeof runsOf>[1],
  text: string,
  cx: number,
  y: number,
  size: number,
) {
  const w = runsOf(text, sets).reduce(
    (a, r) => a + faces[r.face]!.widthOfTextAtSize(r.text, size),
    0,
  );
  write(text, y, size, false, undefined, cx - w / 2);
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
