import type { TDepartmentUpdate } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import { assertSameOrganisation } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldError, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { canSeeOrganisation } from './organisations.policy.ts';
import {
  departmentRow,
  departmentUsage,
  findDepartment,
  findInDepartment,
  isActiveMember,
  listDepartments,
  listDesignations,
  listLocations,
  usersWith,
} from './structure.repository.ts';

export const HEAD_NOT_MEMBER = "Choose an active user of the department's organisation.";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Outside their organisation, things do not exist for a caller (404, not 403: no probing). */
async function departmentOf(db: DbOrTx, auth: AuthContext, id: number) {
  const dept = await findDepartment(db, id);
  if (!dept || !canSeeOrganisation(auth, dept.organisationId)) {
    throw notFound('Department not found.');
  }
  return dept;
}

async function organisationExists(db: DbOrTx, auth: AuthContext, id: number) {
  assertVisible(auth, id);
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, id));
  if (!org) throw notFound('Organisation not found.');
}

function assertVisible(auth: AuthContext, organisationId: number) {
  if (!canSeeOrganisation(auth, organisationId)) throw notFound('Organisation not found.');
}

/** Checked before anything is written: a refused head leaves the department as it was. */
async function assertHeadAllowed(
  db: DbOrTx,
  organisationId: number,
  head: number | null | undefined,
) {
  if (head == null) return;
  if (!(await isActiveMember(db, organisationId, head))) throw fieldError('head', HEAD_NOT_MEMBER);
}

/**
 * The head decides who approves for the department's members, so a change is audited like the
 * organisation's other access-relevant settings (organisation.changed, old and new values).
 */
function auditHead(
  tx: DbOrTx,
  auth: AuthContext,
  dept: { id: number; organisationId: number; name: string },
  change: { old: number | null; new: number | null },
  ip: string | undefined,
) {
  return recordAudit(tx, {
    action: 'organisation.changed',
    actorId: auth.userId,
    organisationId: dept.organisationId,
    ip,
    details: { department: { id: dept.id, name: dept.name }, changes: { head: change } },
  });
}

/** Unique names per parent are enforced by the database; say so in words. */
async function unique<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (postgresCode(err) === '23505') throw conflict(`${what} with this name already exists.`);
    throw err;
  }
}

export const structure = {
  async departments(ctx: AppContext, auth: AuthContext, organisationId: number) {
    await organisationExists(ctx.db, auth, organisationId);
    return listDepartments(ctx.db, organisationId);
  },
  async designations(ctx: AppContext, auth: AuthContext, departmentId: number) {
    await departmentOf(ctx.db, auth, departmentId);
    return listDesignations(ctx.db, departmentId);
  },
  async locations(ctx: AppContext, auth: AuthContext, departmentId: number) {
    await departmentOf(ctx.db, auth, departmentId);
    return listLocations(ctx.db, departmentId);
  },

  async createDepartment(
    ctx: AppContext,
    auth: AuthContext,
    input: { organization: number; name: string; head?: number | null },
    meta: { ip?: string } = {},
  ) {
    await organisationExists(ctx.db, auth, input.organization);
    await assertHeadAllowed(ctx.db, input.organization, input.head);
    const head = input.head ?? null;
    const id = await unique(
      () =>
        runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
          const [row] = await tx
            .insert(departments)
            .values({ organisationId: input.organization, name: input.name, headUserId: head })
            .returning();
          if (head !== null) await auditHead(tx, auth, row!, { old: null, new: head }, meta.ip);
          return row!.id;
        }),
      'A department',
    );
    return (await departmentRow(ctx.db, id))!;
  },
  /** A rename, a new head or both; `head: null` clears it, an absent head keeps it. */
  async updateDepartment(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TDepartmentUpdate,
    meta: { ip?: string } = {},
  ) {
    const dept = await departmentOf(ctx.db, auth, id);
    await assertHeadAllowed(ctx.db, dept.organisationId, input.head);
    const headChanged = input.head !== undefined && input.head !== dept.headUserId;
    await unique(
      () =>
        runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
          await tx
            .update(departments)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(input.head !== undefined && { headUserId: input.head }),
            })
            .where(eq(departments.id, id));
          if (headChanged) {
            const change = { old: dept.headUserId, new: input.head ?? null };
            await auditHead(tx, auth, { ...dept, name: input.name ?? dept.name }, change, meta.ip);
          }
        }),
      'A department',
    );
    return (await departmentRow(ctx.db, id))!;
  },
  async deleteDepartment(ctx: AppContext, auth: AuthContext, id: number) {
    await departmentOf(ctx.db, auth, id);
    const usage = await departmentUsage(ctx.db, id);
    if (usage.users + usage.designations + usage.locations > 0) {
      const parts = [
        usage.users && plural(usage.users, 'user'),
        usage.designations && plural(usage.designations, 'designation'),
        usage.locations && plural(usage.locations, 'location'),
      ].filter(Boolean);
      throw conflict(`This department still has ${parts.join(', ')}. Move or delete them first.`);
    }
    await ctx.db.delete(departments).where(eq(departments.id, id));
  },

  async createIn(
    ctx: AppContext,
    auth: AuthContext,
    kind: 'designation' | 'location',
    input: { department: number; name: string; address?: string | null },
  ) {
    await departmentOf(ctx.db, auth, input.department);
    if (kind === 'designation') {
      const [row] = await unique(
        () =>
          ctx.db
            .insert(designations)
            .values({ departmentId: input.department, name: input.name })
            .returning(),
        'A designation',
      );
      return { id: row!.id, department: row!.departmentId, name: row!.name, user_count: 0 };
    }
    const [row] = await unique(
      () =>
        ctx.db
          .insert(locations)
          .values({
            departmentId: input.department,
            name: input.name,
            address: input.address ?? null,
          })
          .returning(),
      'A location',
    );
    return {
      id: row!.id,
      department: row!.departmentId,
      name: row!.name,
      address: row!.address,
      user_count: 0,
    };
  },
  async updateIn(
    ctx: AppContext,
    auth: AuthContext,
    kind: 'designation' | 'location',
    id: number,
    input: { name?: string; address?: string | null },
  ) {
    const found = await findInDepartment(ctx.db, kind, id);
    if (!found) throw notFound(`${kind === 'designation' ? 'Designation' : 'Location'} not found.`);
    assertSameOrganisation(auth, found.organisationId);
    if (kind === 'designation') {
      await unique(
        () => ctx.db.update(designations).set({ name: input.name }).where(eq(designations.id, id)),
        'A designation',
      );
      return (await listDesignations(ctx.db, found.departmentId)).find((d) => d.id === id)!;
    }
    await unique(
      () => ctx.db.update(locations).set(input).where(eq(locations.id, id)),
      'A location',
    );
    return (await listLocations(ctx.db, found.departmentId)).find((d) => d.id === id)!;
  },
  async deleteIn(ctx: AppContext, auth: AuthContext, kind: 'designation' | 'location', id: number) {
    const found = await findInDepartment(ctx.db, kind, id);
    if (!found || !canSeeOrganisation(auth, found.organisationId)) {
      throw notFound(`${kind === 'designation' ? 'Designation' : 'Location'} not found.`);
    }
    const users = await usersWith(ctx.db, kind, id);
    if (users > 0)
      throw conflict(
        `This ${kind} is still assigned to ${plural(users, 'user')}. Reassign them first.`,
      );
    await ctx.db
      .delete(kind === 'designation' ? designations : locations)
      .where(eq((kind === 'designation' ? designations : locations).id, id));
  },
};
