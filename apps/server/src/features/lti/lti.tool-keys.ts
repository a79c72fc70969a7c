import { eq } from 'drizzle-orm';
import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  importJWK,
  importSPKI,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { guardedFetcher, outboundPolicy } from '../../core/http/outbound.ts';
import { ltiTools } from '../../schema/lti.table.ts';

type ToolRow = typeof ltiTools.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// One key-set fetcher per tool and JWKS URL (jose caches the keys and refetches on an unknown kid).
const keySets = new Map<string, JWTVerifyGetKey>();

function keyOf(ctx: AppContext, tool: ToolRow): JWTVerifyGetKey | Promise<CryptoKey | Uint8Array> {
  if (tool.jwksUrl) {
    const cacheKey = `${tool.id}|${tool.jwksUrl}|${ctx.config.outbound.allowHttp}`;
    let set = keySets.get(cacheKey);
    if (!set) {
      // Every fetch of a tool's key set goes through the outbound guard (no private addresses).
      set = createRemoteJWKSet(new URL(tool.jwksUrl), {
        [customFetch]: guardedFetcher(outboundPolicy(ctx.config)),
        timeoutDuration: ctx.config.outbound.timeoutMs,
      });
      keySets.set(cacheKey, set);
    }
    return set;
  }
  const pem = tool.publicKey ?? '';
  return pem.startsWith('{')
    ? (importJWK(JSON.parse(pem), 'RS256') as Promise<CryptoKey>)
    : importSPKI(pem, 'RS256');
}

/**
 * A JWT the tool signed (a deep-linking response, a client assertion): its issuer names the tool
 * by client id, its signature must verify with the tool's key, its audience be `audienceOf`'s.
 * Anything wrong is the same 400 (what failed is logged, not told).
 */
export async function verifyFromTool(
  ctx: AppContext,
  jwt: string,
  /** What the audience must be for this tool (its organisation's issuer, an endpoint). */
  audienceOf: (tool: ToolRow) => Promise<string | string[]>,
  what: string,
): Promise<{ tool: ToolRow; payload: JWTPayload }> {
  const refused = badRequest(`The ${what} could not be verified.`);
  let clientId: unknown;
  try {
    const claims = decodeJwt(jwt);
    clientId = claims.iss;
  } catch {
    throw refused;
  }
  if (typeof clientId !== 'string' || !UUID.test(clientId)) throw refused;
  const [tool] = await ctx.db.select().from(ltiTools).where(eq(ltiTools.clientId, clientId));
  if (!tool?.enabled) throw refused;
  const audience = await audienceOf(tool);
  try {
    const key = keyOf(ctx, tool);
    const { payload } =
      typeof key === 'function'
        ? await jwtVerify(jwt, key, {
            issuer: clientId,
            audience,
            algorithms: ['RS256'],
            clockTolerance: 60,
          })
        : await jwtVerify(jwt, await key, {
            issuer: clientId,
            audience,
            algorithms: ['RS256'],
            clockTolerance: 60,
          });
    if (typeof payload.exp !== 'number') throw new Error('no exp');
    return { tool, payload };
  } catch (err) {
    ctx.log.info({ err, tool: tool.id }, `LTI ${what} refused`);
    throw refused;
  }
}
