import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../config/config.ts';

/**
 * The one way the server fetches an address that a user or an organisation
 * admin supplied (identity-provider discovery and key sets today; link
 * previews, webhooks and LTI later). Such an address must never let a caller
 * reach the server's own network: https only, every address the name resolves
 * to must be public, the connection goes to the address that was checked (no
 * second DNS lookup, so a rebinding name cannot swap in 127.0.0.1), every
 * redirect hop is checked the same way, and time and size are bounded.
 *
 * Every failure is an OutboundError whose `reason` is for the log only:
 * callers answer their client with one generic message, so the server cannot
 * be used to read internal answers or to tell open ports from closed ones.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** Plain http allowed (tests and development only). */
  allowHttp: boolean;
  /** Host names (as written in the URL) that may resolve to non-public addresses. */
  allowPrivateHosts: readonly string[];
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** Of the response body. */
  maxBytes: number;
  maxRedirects: number;
  /** DNS resolution; injectable for tests. */
  resolve: Resolver;
}

export class OutboundError extends Error {
  constructor(
    /** What went wrong, for the log; never for the client. */
    public readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super('The address could not be reached.', options);
    this.name = 'OutboundError';
  }
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export function outboundPolicy(
  config: Pick<AppConfig, 'outbound'>,
  overrides: Partial<OutboundPolicy> = {},
): OutboundPolicy {
  return {
    allowHttp: config.outbound.allowHttp,
    allowPrivateHosts: config.outbound.allowPrivateHosts,
    timeoutMs: config.outbound.timeoutMs,
    maxBytes: config.outbound.maxBytes,
    maxRedirects: 3,
    resolve: systemResolver,
    ...overrides,
  };
}

// 2000::/3 is the only IPv6 space routed on the internet; anything else
// (including the IPv4-compatible ::a.b.c.d, which ipaddr.js calls unicast) is refused.
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Public unicast only: refuses private, loopback, link-local (169.254.169.254,
 * the cloud metadata service), unique-local (fd00:ec2::254), CGNAT
 * (100.100.100.200), multicast, broadcast, unspecified, documentation and
 * reserved ranges, and IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo) since those can lead back to a private one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_IPV6)) return false;
  return ip.range() === 'unicast';
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** The checked address to connect to for this URL, or an OutboundError. */
async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundError(`scheme ${url.protocol} refused`);
  }
  if (url.username || url.password) throw new OutboundError('credentials in the URL refused');
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch (cause) {
      throw new OutboundError(`cannot resolve ${host}`, { cause });
    }
  }
  if (addresses.length === 0) throw new OutboundError(`${host} has no address`);
  if (!policy.allowPrivateHosts.includes(host)) {
    // Every answer must be public: a name with one public and one private
    // address would otherwise reach the private one on a retry or a rebinding.
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new OutboundError(`${host} resolves to non-public ${bad.address}`);
  }
  return addresses[0]!;
}

/**
 * The guard's checks without the request (scheme, credentials, every resolved address public):
 * for refusing an address when it is saved (webhooks), before any fetch. OutboundError if not.
 */
export async function assertOutboundUrl(input: string, policy: OutboundPolicy): Promise<void> {
  let url: URL;
  try {
    url = new URL(input);
  } catch (cause) {
    throw new OutboundError('malformed URL', { cause });
  }
  await checkedAddress(url, policy);
}

/** A lookup that answers the checked address whatever it is asked: no second resolution. */
function pinned(target: ResolvedAddress): LookupFunction {
  return ((
    _hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(
  url: URL,
  target: ResolvedAddress,
  init: { method: string; headers: Headers; body?: Buffer },
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    init.headers.forEach((value, key) => {
      headers[key] = value;
    });
    // Raw bytes only: the size limit counts what we keep, not what a decoder might inflate.
    headers['accept-encoding'] = 'identity';
    headers['user-agent'] ??= 'Atrium';
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: init.method,
      headers,
      lookup: pinned(target),
      agent: false,
      signal,
    });
    // The first failure wins: destroying the request also errors the response stream.
    let settled = false;
    const fail = (reason: string, cause?: unknown) => {
      if (settled) return;
      settled = true;
      reject(new OutboundError(signal.aborted ? 'time limit reached' : reason, { cause }));
      req.destroy();
    };
    req.on('error', (cause) => fail(`request failed: ${cause.message}`, cause));
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > policy.maxBytes) {
        fail(`declared body of ${declared} bytes over the limit`);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) fail(`body over ${policy.maxBytes} bytes`);
        else chunks.push(chunk);
      });
      res.on('error', (cause) => fail('response failed', cause));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.end(init.body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function toResponse(raw: RawResponse): Response {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  if (raw.status < 200 || raw.status > 599) throw new OutboundError(`status ${raw.status}`);
  return new Response(NULL_BODY.has(raw.status) ? null : new Uint8Array(raw.body), {
    status: raw.status,
    headers,
  });
}

export interface GuardedInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array;
  /** 'follow' (default, each hop checked), 'manual' (answer the 3xx) or 'error'. */
  redirect?: RequestRedirect;
  signal?: AbortSignal | null;
}

/**
 * fetch() with the guard: the same signature (so it can be handed to
 * libraries such as jose), a buffered Response, OutboundError on any failure.
 */
export async function guardedFetch(
  input: string | URL,
  init: GuardedInit,
  policy: OutboundPolicy,
): Promise<Response> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const signal = init.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new OutboundError('time limit reached'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => {}); // Only raced below; never an unhandled rejection.

  let url: URL;
  try {
    url = new URL(input);
  } catch (cause) {
    throw new OutboundError('malformed URL', { cause });
  }
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body === undefined ? undefined : Buffer.from(init.body);
  const headers = new Headers(init.headers);
  for (let hop = 0; ; hop++) {
    // DNS cannot be cancelled: race it against the deadline.
    const target = await Promise.race([checkedAddress(url, policy), aborted]);
    const raw = await Promise.race([
      requestOnce(url, target, { method, headers, body }, policy, signal),
      aborted,
    ]);
    const location = raw.headers.location;
    if (!REDIRECTS.has(raw.status) || !location || init.redirect === 'manual') {
      return toResponse(raw);
    }
    if (init.redirect === 'error') throw new OutboundError(`redirected (${raw.status})`);
    if (hop >= policy.maxRedirects) throw new OutboundError('too many redirects');
    let next: URL;
    try {
      next = new URL(location, url);
    } catch (cause) {
      throw new OutboundError('malformed redirect', { cause });
    }
    // As browsers do: 303 (and 301/302 after a POST) continue as a GET without a body.
    if (raw.status === 303 || ((raw.status === 301 || raw.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    // Credentials meant for one origin never travel to another.
    if (next.origin !== url.origin) {
      headers.delete('authorization');
      headers.delete('cookie');
    }
    url = next;
  }
}

/** guardedFetch bound to a policy, shaped like the global fetch. */
export function guardedFetcher(policy: OutboundPolicy) {
  return (input: string | URL, init: GuardedInit = {}) => guardedFetch(input, init, policy);
}
