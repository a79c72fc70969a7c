import type { IncomingHttpHeaders } from 'node:http';
import { requestHost } from './request-host.ts';

/** One organisation as the CSP needs it: the host it answers on and its issuer when SSO is on. */
export interface SsoOriginSource {
  domain: string | null;
  isDefault: boolean;
  /** The issuer URL when single sign-on is enabled for the organisation, else null. */
  issuer: string | null;
}

/** 'LMS.Acme.com:443' → 'lms.acme.com', '[::1]:80' → '[::1]' (as organisations store domains). */
function hostKey(host: string): string {
  const h = host.trim().toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.split(':')[0]!;
}

function originOf(url: string | null): string {
  if (!url) return '';
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : '';
  } catch {
    // A malformed stored URL is refused at write time; never let one break the header.
    return '';
  }
}

/**
 * The identity-provider origin the web app may call besides its own (OIDC
 * discovery and token calls of the SSO flow), per organisation: a page served
 * on an organisation's host lists only that organisation's issuer, so one
 * tenant's setting never widens another's policy. Hosts resolve as
 * resolveOrganisation() does: the organisation owning the domain, else the
 * default one. Helmet reads it on every response, synchronously, so the
 * whole host → origin table is kept in memory; the organisations slice
 * replaces it when an organisation changes and every minute (other nodes).
 */
export class CspOrigins {
  private byHost = new Map<string, string>();
  private fallback = '';

  replace(organisations: Iterable<SsoOriginSource>): void {
    const byHost = new Map<string, string>();
    let fallback = '';
    for (const org of organisations) {
      const origin = originOf(org.issuer);
      // Organisations without SSO are listed too: their host must not fall back to the default's.
      if (org.domain) byHost.set(hostKey(org.domain), origin);
      if (org.isDefault) fallback = origin;
    }
    this.byHost = byHost;
    this.fallback = fallback;
  }

  /** The origin for a request's host name; '' when its organisation has no SSO. */
  forHost(host: string | undefined): string {
    if (!host) return this.fallback;
    return this.byHost.get(hostKey(host)) ?? this.fallback;
  }

  /**
   * The same for the raw request helmet hands to directive functions, with the
   * host Fastify's request.hostname would give (X-Forwarded-Host, last entry,
   * only behind a trusted proxy).
   */
  forRequest(request: { headers: IncomingHttpHeaders }, trustProxy: boolean): string {
    return this.forHost(requestHost(request.headers, trustProxy) || undefined);
  }
}
