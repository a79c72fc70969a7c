import type { IncomingHttpHeaders } from 'node:http';

/**
 * The host of a raw request (what helmet's directive functions get), as Fastify's
 * request.host would give it: X-Forwarded-Host (last entry) only behind a trusted proxy.
 */
export function requestHost(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers['x-forwarded-host'] : undefined;
  const host =
    typeof forwarded === 'string' && forwarded
      ? forwarded.slice(forwarded.lastIndexOf(',') + 1)
      : headers.host;
  return (host ?? '').trim();
}
