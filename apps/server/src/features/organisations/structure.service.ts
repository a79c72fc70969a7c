import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import { assertSameOrganisation } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { canSeeOrganisation } from './organisations.policy.ts';
import {
  departmentUsage,
  findDepartment,
  findInDepartment,
  listDepartments,
  listDesignations,
  listLocations,
  usersWith,
} from './structure.repository.ts';

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
    input: { organization: number; name: string },
  ) {
    await organisationExists(ctx.db, auth, input.organization);
    const [row] = await unique(
      () =>
        ctx.db
          .insert(departments)
          .values({ organisationId: input.organization, name: input.name })
          .returning(),
      'A department',
    );
    return {
      id: row!.id,
      organization: row!.organisationId,
      name: row!.name,
      user_count: 0,
      designation_count: 0,
      location_count: 0,
    };
  },
  async renameDepartment(ctx: AppContext, auth: AuthContext, id: number, name: string) {
    const dept = await departmentOf(ctx.db, auth, id);
    await unique(
      () => ctx.db.update(departments).set({ name }).where(eq(departments.id, id)),
      'A department',
    );
    return (await listDepartments(ctx.db, dept.organisationId)).find((d) => d.id === id)!;
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
