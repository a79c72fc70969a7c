/**
 * Origins the web app may talk to besides its own (the organisations'
 * identity providers, for the OIDC discovery and token calls of the SSO
 * flow). Helmet reads it on every response; the owning slice refreshes it.
 */
export class CspOrigins {
  private value = '';

  replace(urls: Iterable<string>): void {
    const origins = new Set<string>();
    for (const url of urls) {
      try {
        const { protocol, origin } = new URL(url);
        if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
      } catch {
        // A malformed stored URL is refused at write time; never let one break the header.
      }
    }
    this.value = [...origins].sort().join(' ');
  }

  toString(): string {
    return this.value;
  }
}
