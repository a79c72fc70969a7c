import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** A one-page PDF with a line of text, its cross-reference offsets computed (passes content checks). */
export function tinyPdf(text = 'Atrium'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 32} >>\nstream\nBT /F1 18 Tf 30 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A test-pattern MP4 made by ffmpeg (the Debian package), with a tone when `audio`. */
export function ffmpegClip(options: {
  seconds: number;
  size: string;
  rate?: number;
  audio?: boolean;
}): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'atrium-clip-')), 'clip.mp4');
  const { seconds, size, rate = 10, audio = false } = options;
  execFileSync('/usr/bin/ffmpeg', [
    ...[
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
    ],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-shortest'] : []),
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  return readFileSync(file);
}

/** JSON (or multipart) through the API as `token`, failing loudly on an error status. */
export async function call<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const multipart = body instanceof FormData;
  const response = await fetch(`${inject('baseURL')}${url}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      ...(body !== undefined && !multipart ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => undefined)) as T;
  if (!response.ok)
    throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
}
