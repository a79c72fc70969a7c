import { describe, expect, it } from 'vitest';
import { docx, odt, pdf } from './plagiarism.files.ts';
import { extractInWorker } from './plagiarism.pool.ts';

/* Extraction of each accepted format, run as the job runs it: in a worker thread. */

const LIMITS = {
  maxUnpackedBytes: 10 * 1024 * 1024,
  maxEntries: 100,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
};
const run = (bytes: Buffer | null, ext: string | null, inline: string | null = null) =>
  extractInWorker({ bytes: bytes ? new Uint8Array(bytes) : null, ext, inline }, LIMITS);

describe('extraction in a worker', () => {
  it('reads DOCX paragraphs', async () => {
    const out = await run(
      await docx(['First paragraph here.', 'Second one, with “quotes”.']),
      'docx',
    );
    expect(out.ok && out.text).toContain('First paragraph here.');
    expect(out.ok && out.text).toContain('Second one, with “quotes”.');
  });

  it('reads ODT paragraphs with their spacing elements', async () => {
    const out = await run(await odt(['Open document text.', 'Two  spaces & more.']), 'odt');
    expect(out.ok && out.text).toContain('Open document text.');
    expect(out.ok && out.text).toContain('Two  spaces & more.');
  });

  it('reads PDF text and fingerprints it', async () => {
    const bytes = await pdf(2, (p, l) => `Page ${p} line ${l} about rivers and mountains`);
    const out = await run(bytes, 'pdf');
    if (!out.ok) throw new Error(out.reason);
    expect(out.text).toContain('Page 1 line 39 about rivers and mountains');
    expect(out.fingerprints.length).toBeGreaterThan(30);
    expect(out.fingerprints.length % 3).toBe(0);
  });

  it('reads UTF-8 text without its BOM, and UTF-16 by its BOM', async () => {
    const utf8 = await run(Buffer.from('\uFEFFCafé crème', 'utf8'), 'txt');
    expect(utf8.ok && utf8.text).toBe('Café crème');
    const utf16 = await run(Buffer.from('\uFEFFÉtude', 'utf16le'), 'txt');
    expect(utf16.ok && utf16.text).toBe('Étude');
  });

  it('joins the typed answer with the file text', async () => {
    const out = await run(Buffer.from('From the file.'), 'txt', 'Typed in the form.');
    expect(out.ok && out.text).toBe('Typed in the form.\n\nFrom the file.');
  });

  it('fails with a reason for a corrupt file or an unsupported type', async () => {
    expect(await run(Buffer.from('%PDF-1.4 nothing else'), 'pdf')).toEqual({
      ok: false,
      reason: 'The PDF could not be read (damaged or not a PDF).',
    });
    expect(await run(Buffer.from('PK\u0003\u0004garbage'), 'docx')).toEqual({
      ok: false,
      reason: 'The DOCX file is damaged.',
    });
    expect(await run(Buffer.from([0x89, 0x50]), 'png')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('.png'),
    });
  });

  it('refuses an ODT whose content.xml inflates past the limit', async () => {
    const big = await odt(['x'.repeat(3 * 1024 * 1024)]);
    const out = await extractInWorker(
      { bytes: new Uint8Array(big), ext: 'odt', inline: null },
      { ...LIMITS, maxUnpackedBytes: 1024 * 1024 },
    );
    expect(out).toMatchObject({ ok: false, reason: expect.stringMatching(/zip bomb|too large/) });
  });

  it('stops a worker past its time limit', async () => {
    const bytes = await pdf(5, (p, l) => `Page ${p} line ${l}`);
    const out = await extractInWorker(
      { bytes: new Uint8Array(bytes), ext: 'pdf', inline: null },
      LIMITS,
      1,
    );
    expect(out).toEqual({
      ok: false,
      reason: 'Reading the file took longer than 0 s and was stopped.',
    });
  });
});
