import type { TLtiTool, TLtiToolPatch, ZLtiToolInput } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { importJWK, importSPKI } from 'jose';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { ltiLinks, ltiTools } from '../../schema/lti.table.ts';
import { canDeleteTool, canManageTool } from './lti.policy.ts';

type ToolRow = typeof ltiTools.$inferSelect;
type ToolInput = z.output<typeof ZLtiToolInput>;
const NOT_FOUND = 'Tool not found.';

const linkCount = sql<number>`(select count(*)::int from ${ltiLinks} l where l.tool_id = "lti_tools"."id")`;

export function toTool(actor: AuthContext, row: ToolRow, links: number): TLtiTool {
  return {
    id: row.id,
    name: row.name,
    client_id: row.clientId,
    deployment_id: row.deploymentId,
    login_url: row.loginUrl,
    launch_url: row.launchUrl,
    deep_linking_url: row.deepLinkingUrl,
    jwks_url: row.jwksUrl,
    public_key: row.publicKey,
    share_name: row.shareName,
    share_email: row.shareEmail,
    custom: row.custom,
    enabled: row.enabled,
    links,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: {
      edit: canManageTool(actor, row),
      delete: canDeleteTool(actor, { organisationId: row.organisationId, links }),
    },
  };
}

/** A pasted key must be one jose can verify with: refused here, not at the first launch. */
async function assertUsableKey(publicKey: string | null | undefined) {
  if (!publicKey) return;
  try {
    if (publicKey.startsWith('{')) await importJWK(JSON.parse(publicKey), 'RS256');
    else await importSPKI(publicKey, 'RS256');
  } catch {
    throw fieldError('public_key', 'This is not an RSA public key (PEM or JWK).');
  }
}

/** The tool if the caller manages it; 404 for anyone else (another organisation's admin too). */
async function managed(db: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ t: ltiTools, n: linkCount })
    .from(ltiTools)
    .where(eq(ltiTools.id, id));
  if (!row || !canManageTool(auth, row.t)) throw notFound(NOT_FOUND);
  return row;
}

const columns = (input: Partial<ToolInput>) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.deployment_id !== undefined && { deploymentId: input.deployment_id }),
  ...(input.login_url !== undefined && { loginUrl: input.login_url }),
  ...(input.launch_url !== undefined && { launchUrl: input.launch_url }),
  ...(input.deep_linking_url !== undefined && { deepLinkingUrl: input.deep_linking_url }),
  ...(input.jwks_url !== undefined && { jwksUrl: input.jwks_url }),
  ...(input.public_key !== undefined && { publicKey: input.public_key }),
  ...(input.share_name !== undefined && { shareName: input.share_name }),
  ...(input.share_email !== undefined && { shareEmail: input.share_email }),
  ...(input.custom !== undefined && { custom: input.custom }),
  ...(input.enabled !== undefined && { enabled: input.enabled }),
});

export const ltiToolsService = {
  async list(
    ctx: AppContext,
    auth: AuthContext,
    q: { search?: string },
    page: { limit: number; offset: number },
  ) {
    const where = and(
      eq(ltiTools.organisationId, auth.organisationId),
      q.search
        ? sql`lower(${ltiTools.name}) like ${`%${q.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ t: ltiTools, n: linkCount })
        .from(ltiTools)
        .where(where)
        .orderBy(asc(ltiTools.name), asc(ltiTools.id))
        .limit(page.limit)
        .offset(page.offset),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(ltiTools).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map((r) => toTool(auth, r.t, r.n)) };
  },

  async create(ctx: AppContext, auth: AuthContext, input: ToolInput, ip?: string) {
    await assertUsableKey(input.public_key);
    const row = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [made] = await tx
        .insert(ltiTools)
        .values({
          organisationId: auth.organisationId,
          createdBy: auth.userId,
          name: input.name,
          deploymentId: input.deployment_id,
          loginUrl: input.login_url,
          launchUrl: input.launch_url,
          ...columns(input),
        })
        .returning();
      await recordAudit(tx, {
        action: 'lti.tool_created',
        actorId: auth.userId,
        organisationId: auth.organisationId,
        ip,
        details: { tool: made!.id, name: made!.name, client_id: made!.clientId },
      });
      return made!;
    });
    return toTool(auth, row, 0);
  },

  async update(ctx: AppContext, auth: AuthContext, id: number, patch: TLtiToolPatch, ip?: string) {
    await assertUsableKey(patch.public_key);
    return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { t: before, n } = await managed(tx, auth, id);
      const next = { ...before, ...columns(patch) };
      if (Boolean(next.jwksUrl) === Boolean(next.publicKey))
        throw badRequest('Give either the tool’s JWKS URL or its public key (one of them).', {
          jwks_url: ['Give either the tool’s JWKS URL or its public key (one of them).'],
        });
      const [row] = await tx
        .update(ltiTools)
        .set({ ...columns(patch), updatedAt: new Date() })
        .where(eq(ltiTools.id, id))
        .returning();
      await recordAudit(tx, {
        action: 'lti.tool_updated',
        actorId: auth.userId,
        organisationId: before.organisationId,
        ip,
        details: { tool: id, name: row!.name, changed: Object.keys(patch) },
      });
      return toTool(auth, row!, n);
    });
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const { t, n } = await managed(tx, auth, id);
      if (n > 0)
        throw conflict(
          `${n} module item${n === 1 ? '' : 's'} launch${n === 1 ? 'es' : ''} this tool: disable it instead.`,
        );
      await tx.delete(ltiTools).where(eq(ltiTools.id, id));
      await recordAudit(tx, {
        action: 'lti.tool_deleted',
        actorId: auth.userId,
        organisationId: t.organisationId,
        ip,
        details: { tool: id, name: t.name, client_id: t.clientId },
      });
    });
  },

  /** Enabled tools of the caller's organisation that offer deep linking. */
  async pickable(ctx: AppContext, auth: AuthContext) {
    const rows = await ctx.db
      .select({ id: ltiTools.id, name: ltiTools.name })
      .from(ltiTools)
      .where(
        and(
          eq(ltiTools.organisationId, auth.organisationId),
          eq(ltiTools.enabled, true),
          sql`${ltiTools.deepLinkingUrl} is not null`,
        ),
      )
      .orderBy(asc(ltiTools.name))
      .limit(200);
    return { results: rows };
  },
};
