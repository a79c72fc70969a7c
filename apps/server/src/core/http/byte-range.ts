import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * `bytes=a-b` / `bytes=a-` / `bytes=-n` of a file of `size` bytes; null when absent or unusable
 * (several ranges are answered with the whole file, as RFC 9110 allows).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : 'unsatisfiable';
}

/**
 * Sends a file of `size` bytes honouring a Range request (206 with Content-Range, or 416), so
 * video and audio can seek. `open` is asked for the whole file or just the range.
 */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  open: (range?: ByteRange) => Promise<Readable>,
) {
  reply.header('accept-ranges', 'bytes');
  const range = byteRange(request.headers.range, size);
  if (range === null) return reply.header('content-length', size).send(await open());
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await open(range));
}
