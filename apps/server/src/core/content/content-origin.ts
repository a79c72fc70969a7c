import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import { requestHost } from '../http/request-host.ts';

/**
 * Where the browser reaches the content origin from a given app request: CONTENT_ORIGIN when
 * set (a sub-domain or, better, a domain of its own), else the same host name on the content
 * port. The port is known only once the content server listens when it was 0 (tests).
 */
export class ContentOrigin {
  private port: number;

  constructor(private readonly config: AppConfig['content']) {
    this.port = config.port;
  }

  listeningOn(port: number) {
    this.port = port;
  }

  for(request: FastifyRequest): string {
    if (this.config.origin) return this.config.origin;
    return `${request.protocol}://${request.hostname}:${this.port}`;
  }

  /**
   * The same origin as a CSP source for the app's `frame-src`, from the raw request helmet sees.
   * Without a scheme it matches the page's own (and its https upgrade). A Host header that is
   * not a plain host name adds nothing.
   */
  frameSource(request: IncomingMessage, trustProxy: boolean): string {
    if (this.config.origin) return this.config.origin;
    const host = requestHost(request.headers, trustProxy);
    const name = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d+)?$/.exec(host)?.[1];
    return name ? `${name}:${this.port}` : "'self'";
  }
}

/** The app origin as the browser sees it: frames of this origin may embed the content. */
export const appOriginOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
