import {
  APPROVAL,
  permittedPaths,
  type TMenuEntry,
  type TMenuPath,
  TOKEN_COOKIE,
  type TRoleId,
} from '@atrium/contract';
// request.cookies is typed by @fastify/cookie, which app.ts registers.
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors/app-error.ts';
import { csrfPasses } from './csrf.ts';

/** Who may call a route. Every /api and /auth route must declare one: default is deny. */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'authenticated';
      /** Only these roles (superadmin always passes). */
      roles?: readonly TRoleId[];
      /** The menu base path the user's permission list must grant (spec §2 (perm)). */
      menu?: TMenuPath;
      /**
       * What a user whose account is not approved yet may do here (spec §4:
       * nothing but their own profile and signing out). Default: refused.
       * 'own': only when the route's `:id` parameter is their own user id.
       */
      unapproved?: 'allow' | 'own';
      /** Refused (403) when the browser says the request comes from another site. */
      refuseCrossSite?: boolean;
    };

type AuthenticatedOptions = Pick<
  Extract<Access, { kind: 'authenticated' }>,
  'unapproved' | 'refuseCrossSite'
>;

export const access = {
  public: (): Access => ({ kind: 'public' }),
  authenticated: (options: AuthenticatedOptions = {}): Access => ({
    kind: 'authenticated',
    ...options,
  }),
  roles: (...roles: TRoleId[]): Access => ({ kind: 'authenticated', roles }),
  menu: (menu: TMenuPath, roles?: readonly TRoleId[]): Access => ({
    kind: 'authenticated',
    menu,
    roles,
  }),
};

/** The signed-in caller, resolved from the token once per request. */
export interface AuthContext {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  approvalStatus: number;
  /** The organisation the token was issued for. */
  organisationId: number;
  organisationTitle: string;
  organisationAcronym: string;
  roleId: TRoleId;
  viewRoleId: TRoleId;
  isSuperadmin: boolean;
  menu: TMenuEntry[];
  /** Stored key of the profile photo, if any. */
  photoKey: string | null;
  tokenId: number;
  loginFrom: string;
  /** How the token arrived: a cookie means CSRF protection applies. */
  via: 'header' | 'cookie';
}

export type Authenticate = (
  request: FastifyRequest,
) => Promise<{ auth: AuthContext | null; invalid: boolean }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared rule, for the authorization matrix. */
    accessRules: { method: string; url: string; access: Access }[];
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EXEMPT_PREFIXES = ['/api/docs'];
const isGuarded = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/auth/')) &&
  !EXEMPT_PREFIXES.some((p) => url.startsWith(p));

export const AWAITING_APPROVAL = 'Your account is awaiting approval.';

/** Whether a not yet approved caller may pass this rule (see Access.unapproved). */
function unapprovedMayPass(request: FastifyRequest, auth: AuthContext, rule: Access): boolean {
  if (rule.kind !== 'authenticated' || !rule.unapproved) return false;
  if (rule.unapproved === 'allow') return true;
  // Route parameters are known before the body is read; they are still raw strings here.
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id === String(auth.userId);
}

/**
 * Refuses to register an API route without an access rule, and enforces the
 * rule before the body is even parsed: 401 without valid credentials, 403 for
 * a role or menu permission the caller lacks, 403 for a cookie-authenticated
 * write without a CSRF token bound to the session, 403 for an account not
 * approved yet (outside the few routes that allow it).
 */
export function registerAccessControl(app: FastifyInstance, authenticate: Authenticate) {
  app.decorate('accessRules', []);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!isGuarded(route.url)) return;
    const rule = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!rule) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access rule.`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') app.accessRules.push({ method, url: route.url, access: rule });
    }
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    // Before authentication: a cross-site request is refused whatever it carries.
    if (rule.kind === 'authenticated' && rule.refuseCrossSite) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('This action cannot be requested from another site.');
      }
    }
    const { auth, invalid } = await authenticate(request);
    request.auth = auth;
    if (rule.kind === 'public') return;
    if (!auth) throw unauthorized(invalid ? 'Invalid token.' : undefined);
    if (auth.via === 'cookie' && UNSAFE.has(request.method)) {
      const sessionKey = request.cookies[TOKEN_COOKIE];
      if (!sessionKey || !csrfPasses(request, sessionKey)) {
        throw forbidden('CSRF Failed: CSRF token missing or incorrect.');
      }
    }
    // Spec §4: until an admin approves the account, only the own profile and sign-out.
    if (auth.approvalStatus !== APPROVAL.APPROVED && !unapprovedMayPass(request, auth, rule)) {
      throw forbidden(AWAITING_APPROVAL);
    }
    if (auth.isSuperadmin) return;
    if (rule.roles && !rule.roles.includes(auth.roleId)) throw forbidden();
    if (rule.menu && !permittedPaths(auth.menu).has(rule.menu)) throw forbidden();
  });
}

/** Object-level rule: the record belongs to the caller's organisation (superadmin aside). */
export function assertSameOrganisation(auth: AuthContext, organisationId: number): void {
  if (!auth.isSuperadmin && auth.organisationId !== organisationId) {
    throw forbidden();
  }
}

/** For handlers of authenticated routes: the caller, which the access hook guarantees. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
