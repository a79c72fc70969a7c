import type { FastifyRequest } from 'fastify';

/** Who is calling from where, for tokens and the audit log. */
export interface RequestMeta {
  host: string;
  ip: string;
  userAgent: string | undefined;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    // request.hostname honours X-Forwarded-Host only when TRUST_PROXY is set.
    host: request.hostname,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}
