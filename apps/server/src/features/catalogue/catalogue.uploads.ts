import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { readForm } from '../../core/http/forms.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';

/**
 * Reads a multipart-or-JSON form whose only file may be `field` (an image
 * checked by the file store while it streams), then runs `use`. If anything
 * after the upload fails, the stored image is removed again.
 */
export async function withImageForm<T>(
  ctx: AppContext,
  req: FastifyRequest,
  opts: { field: string; allowed: readonly string[]; maxBytes: number; prefix: string },
  use: (fields: Record<string, unknown>, image: StoredFile | undefined) => Promise<T>,
): Promise<T> {
  let image: StoredFile | undefined;
  try {
    const fields = await readForm(req, async (file) => {
      if (file.fieldname !== opts.field || image) {
        file.file.resume();
        throw badRequest('Invalid input. Please correct the fields listed.', {
          [file.fieldname]: ['No file is expected here.'],
        });
      }
      image = await ctx.files.put(file.file, {
        originalName: file.filename,
        allowedExtensions: opts.allowed,
        maxBytes: opts.maxBytes,
        prefix: opts.prefix,
      });
    });
    return await use(fields, image);
  } catch (err) {
    if (image) await ctx.files.delete(image.key);
    throw err;
  }
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

const STORED_FILE_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Streams a stored file with headers that stop browsers from guessing or running it. */
export async function sendStored(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; contentType?: string; name?: string; attachment?: boolean },
) {
  const stat = await ctx.files.stat(file.key);
  if (!stat) throw notFound('File not found.');
  const ext = file.key.slice(file.key.lastIndexOf('.') + 1);
  const name = file.name ?? `file.${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `${file.attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, max-age=300')
    .type(file.contentType ?? IMAGE_TYPES[ext] ?? 'application/octet-stream');
  // Opened on its own, a stored file is inert on the app's origin: no script, no plugin, no
  // frames, whatever it turned out to be. PDFs are left out: Chromium's viewer refuses to run
  // under a sandboxed policy, and runs outside the page's origin anyway.
  if (reply.getHeader('content-type') !== 'application/pdf')
    reply.header('content-security-policy', STORED_FILE_CSP);
  // Ranges let video and audio seek (browsers ask for them as soon as the learner scrubs).
  return sendRanged(request, reply, stat.size, (range) => ctx.files.open(file.key, range));
}
