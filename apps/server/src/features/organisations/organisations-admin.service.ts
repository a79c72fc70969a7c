import type { TOrganisation, TOrganisationCreate, TOrganisationUpdate } from '@atrium/contract';
import { DEFAULT_THEME } from '@atrium/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { organisations, organisationThemes } from '../../schema/organisations.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { memberships } from '../../schema/users.table.ts';
import {
  canAdministerOrganisation,
  canSeeOrganisation,
  superadminOnlyChanges,
} from './organisations.policy.ts';
import { refreshSsoOrigins } from './organisations.service.ts';

type Row = typeof organisations.$inferSelect;

// Explicit aliases: Drizzle leaves columns unqualified in select-list subqueries.
const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.organisation_id = "organisations"."id")`;
const departmentCount = sql<number>`(select count(*)::int from ${departments} d where d.organisation_id = "organisations"."id")`;

function toApi(row: Row & { memberCount: number; departmentCount: number }): TOrganisation {
  return {
    id: row.id,
    title: row.title,
    acronym: row.acronym,
    domain_url: row.domainUrl,
    public_base_url: row.publicBaseUrl,
    is_default: row.isDefault,
    allow_signup: row.allowSignup,
    idle_mode: row.idleMode,
    idle_minutes: row.idleMinutes,
    licence_seats: row.licenceSeats,
    help_desk_url: row.helpDeskUrl,
    meeting_url: row.meetingUrl,
    sso_issuer_base_url: row.ssoIssuerBaseUrl,
    sso_realm: row.ssoRealm,
    sso_client_id: row.ssoClientId,
    sso_auto_provision: row.ssoAutoProvision,
    member_count: row.memberCount,
    department_count: row.departmentCount,
    created_at: row.createdAt.toISOString(),
  };
}

function toColumns(input: TOrganisationUpdate) {
  const map: Partial<typeof organisations.$inferInsert> = {};
  if (input.title !== undefined) map.title = input.title;
  if (input.acronym !== undefined) map.acronym = input.acronym;
  if (input.domain_url !== undefined) map.domainUrl = input.domain_url;
  if (input.public_base_url !== undefined) map.publicBaseUrl = input.public_base_url;
  if (input.allow_signup !== undefined) map.allowSignup = input.allow_signup;
  if (input.idle_mode !== undefined) map.idleMode = input.idle_mode;
  if (input.idle_minutes !== undefined) map.idleMinutes = input.idle_minutes;
  if (input.licence_seats !== undefined) map.licenceSeats = input.licence_seats;
  if (input.help_desk_url !== undefined) map.helpDeskUrl = input.help_desk_url;
  if (input.meeting_url !== undefined) map.meetingUrl = input.meeting_url;
  if (input.sso_issuer_base_url !== undefined) map.ssoIssuerBaseUrl = input.sso_issuer_base_url;
  if (input.sso_realm !== undefined) map.ssoRealm = input.sso_realm;
  if (input.sso_client_id !== undefined) map.ssoClientId = input.sso_client_id;
  if (input.sso_auto_provision !== undefined) map.ssoAutoProvision = input.sso_auto_provision;
  return map;
}

/** Settings whose changes are audited with their old and new values. */
const AUDITED_FIELDS = [
  'domain_url',
  'public_base_url',
  'licence_seats',
  'sso_issuer_base_url',
  'sso_realm',
  'sso_client_id',
  'sso_auto_provision',
] as const;

const domainTaken = (err: unknown) => postgresCode(err) === '23505';

async function loadOne(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ org: organisations, memberCount, departmentCount })
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!row) throw notFound('Organisation not found.');
  return toApi({ ...row.org, memberCount: row.memberCount, departmentCount: row.departmentCount });
}

export const organisationAdmin = {
  /** Superadmin: every organisation; others: their own. Paginated, searchable by title or acronym. */
  async list(
    ctx: AppContext,
    auth: AuthContext,
    q: { search?: string; limit: number; offset: number },
  ) {
    const filters: SQL[] = [];
    if (!auth.isSuperadmin) filters.push(eq(organisations.id, auth.organisationId));
    if (q.search) {
      const pattern = `%${q.search.replace(/[%_\\]/g, '\\$&')}%`;
      filters.push(or(ilike(organisations.title, pattern), ilike(organisations.acronym, pattern))!);
    }
    const where = and(...filters);
    const [total, rows] = await Promise.all([
      ctx.db.select({ n: count() }).from(organisations).where(where),
      ctx.db
        .select({ org: organisations, memberCount, departmentCount })
        .from(organisations)
        .where(where)
        .orderBy(asc(organisations.title), asc(organisations.id))
        .limit(q.limit)
        .offset(q.offset),
    ]);
    return {
      count: total[0]?.n ?? 0,
      results: rows.map((r) =>
        toApi({ ...r.org, memberCount: r.memberCount, departmentCount: r.departmentCount }),
      ),
    };
  },

  async get(ctx: AppContext, auth: AuthContext, id: number) {
    if (!canSeeOrganisation(auth, id)) throw notFound('Organisation not found.');
    return loadOne(ctx, id);
  },

  async create(ctx: AppContext, input: TOrganisationCreate) {
    try {
      const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
        const [org] = await tx
          .insert(organisations)
          .values({ title: input.title, acronym: input.acronym, ...toColumns(input) })
          .returning();
        await tx.insert(organisationThemes).values({
          organisationId: org!.id,
          title: input.title,
          headingColor: DEFAULT_THEME.heading_color,
          themeColor: DEFAULT_THEME.theme_color,
          linkColor: DEFAULT_THEME.link_color,
          textColor: DEFAULT_THEME.text_color,
          buttonColor: DEFAULT_THEME.button_color,
          tableHeadColor: DEFAULT_THEME.table_head_color,
        });
        return org!.id;
      });
      await refreshSsoOrigins(ctx);
      return loadOne(ctx, id);
    } catch (err) {
      if (domainTaken(err)) throw conflict('Another organisation already uses this domain.');
      throw err;
    }
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TOrganisationUpdate,
    meta: { ip?: string } = {},
  ) {
    if (!canSeeOrganisation(auth, id)) throw notFound('Organisation not found.');
    if (!canAdministerOrganisation(auth, id)) throw forbidden();
    const current = await loadOne(ctx, id);
    const refused = superadminOnlyChanges(auth, input, current);
    if (refused.length > 0)
      throw forbidden(`Only a superadmin can change ${refused.join(' and ')}.`);
    const columns = toColumns(input);
    if (Object.keys(columns).length > 0) {
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const f of AUDITED_FIELDS) {
        if (input[f] !== undefined && input[f] !== current[f]) {
          changes[f] = { old: current[f], new: input[f] };
        }
      }
      try {
        await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
          await tx
            .update(organisations)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(organisations.id, id));
          if (Object.keys(changes).length > 0) {
            await recordAudit(tx, {
              action: 'organisation.changed',
              actorId: auth.userId,
              organisationId: id,
              ip: meta.ip,
              details: { changes },
            });
          }
        });
      } catch (err) {
        if (domainTaken(err)) throw conflict('Another organisation already uses this domain.');
        throw err;
      }
      await refreshSsoOrigins(ctx);
    }
    return loadOne(ctx, id);
  },

  /** Refused while anything hangs on it: never a silent cascade. */
  async remove(ctx: AppContext, id: number) {
    const org = await loadOne(ctx, id);
    if (org.is_default) throw conflict('The default organisation cannot be deleted.');
    if (org.member_count > 0 || org.department_count > 0) {
      throw conflict(
        `This organisation still has ${org.member_count} member(s) and ${org.department_count} department(s). Remove them first.`,
      );
    }
    await ctx.db.delete(organisations).where(eq(organisations.id, id));
    // Its host now belongs to the default organisation, in the CSP too.
    await refreshSsoOrigins(ctx);
  },
};
