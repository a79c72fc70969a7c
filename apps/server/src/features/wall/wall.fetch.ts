import { fileTypeFromBuffer } from 'file-type';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import type { AppConfig } from '../../core/config/config.ts';
import {
  guardedFetch,
  OutboundError,
  type OutboundPolicy,
  outboundPolicy,
} from '../../core/http/outbound.ts';

/**
 * Fetching a link's preview: the page and its og:image go through the outbound guard (every
 * address public, before and after each redirect, the connection pinned to the checked address;
 * 5 s and 1 MB for the page, 5 MB for the image). The page is read by htmlparser2's tokenizer
 * only (nothing runs); the image is sniffed by its bytes and re-encoded by sharp (at most
 * PREVIEW_IMAGE_SIDE, first frame, no metadata), so nothing the site sent reaches a browser as is.
 * Every failure is null, its reason for the log.
 */

export const PAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 5_000;
export const PREVIEW_IMAGE_SIDE = 600;
const MAX_INPUT_PIXELS = 40_000_000;

export interface PreviewPolicies {
  page: OutboundPolicy;
  image: OutboundPolicy;
}

/** Plain http is allowed for previews (many sites still serve it); the address rules are not relaxed. */
export function previewPolicies(
  config: Pick<AppConfig, 'outbound'>,
  overrides: Partial<OutboundPolicy> = {},
): PreviewPolicies {
  const base = { allowHttp: true, timeoutMs: FETCH_TIMEOUT_MS, ...overrides };
  return {
    page: outboundPolicy(config, { ...base, maxBytes: PAGE_MAX_BYTES }),
    image: outboundPolicy(config, { ...base, maxBytes: IMAGE_MAX_BYTES }),
  };
}

export interface FetchedPreview {
  siteName: string;
  title: string;
  description: string;
  image: { data: Buffer; mime: string } | null;
}

type Log = { info: (obj: object, msg: string) => void };

const clean = (s: string | undefined, max: number) =>
  [
    ...(s ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, max)
    .join('');

/** The head's meta tags and title, read by the tokenizer (no script, no DOM). */
export function readMeta(html: string): { meta: Map<string, string>; title: string } {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
        if (key && attrs.content !== undefined && !meta.has(key)) meta.set(key, attrs.content);
      },
      ontext(text) {
        if (inTitle && title.length < 1000) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { meta, title };
}

const isHtml = (type: string | null) =>
  /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i.test(type ?? '');

async function fetchImage(
  url: string,
  policy: OutboundPolicy,
  log: Log,
): Promise<FetchedPreview['image']> {
  try {
    const res = await guardedFetch(url, { headers: { accept: 'image/*' } }, policy);
    if (!res.ok) throw new OutboundError(`image status ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!sniffed || !['png', 'apng', 'jpg', 'gif', 'webp'].includes(sniffed.ext)) {
      throw new OutboundError(`image kind ${sniffed?.ext ?? 'unknown'} refused`);
    }
    const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: 10 })
      .rotate()
      .resize(PREVIEW_IMAGE_SIDE, PREVIEW_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data, mime: 'image/webp' };
  } catch (err) {
    log.info(
      { url, reason: (err as OutboundError).reason ?? String(err) },
      'preview image refused',
    );
    return null;
  }
}

/** The page's preview, or null (unreachable, refused, not HTML, nothing to show). */
export async function fetchPreview(
  url: string,
  policies: PreviewPolicies,
  log: Log,
): Promise<FetchedPreview | null> {
  let base: URL;
  let html: string;
  try {
    base = new URL(url);
    const res = await guardedFetch(
      url,
      { headers: { accept: 'text/html,application/xhtml+xml' } },
      policies.page,
    );
    if (!res.ok) throw new OutboundError(`status ${res.status}`);
    if (!isHtml(res.headers.get('content-type'))) {
      throw new OutboundError(`content type ${res.headers.get('content-type')} refused`);
    }
    html = await res.text();
  } catch (err) {
    log.info({ url, reason: (err as OutboundError).reason ?? String(err) }, 'preview refused');
    return null;
  }
  const { meta, title } = readMeta(html);
  const preview = {
    siteName: clean(meta.get('og:site_name'), 200) || base.hostname,
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? title, 300),
    description: clean(
      meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
      1000,
    ),
  };
  if (!preview.title && !preview.description) return null;
  const imageRef = meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image');
  let imageUrl: URL | null = null;
  try {
    imageUrl = imageRef ? new URL(imageRef.trim(), base) : null;
  } catch {
    imageUrl = null;
  }
  const image =
    imageUrl && /^https?:$/.test(imageUrl.protocol)
      ? await fetchImage(imageUrl.href, policies.image, log)
      : null;
  return { ...preview, image };
}
