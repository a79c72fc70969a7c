import { catalogueOps as ops, ROLE } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { route } from '../../core/http/operation.ts';
import { courseSettings } from '../../schema/courses.table.ts';

const MAX_KEYS = 50;
type Column = 'texts' | 'options';
type Value = string | number | boolean;

async function read(ctx: AppContext, organisationId: number) {
  const [row] = await ctx.db
    .select()
    .from(courseSettings)
    .where(eq(courseSettings.organisationId, organisationId));
  return { texts: row?.texts ?? {}, options: row?.options ?? {} };
}

/** Merges the given keys into the stored object (null removes one); at most MAX_KEYS stay. */
async function merge(
  ctx: AppContext,
  organisationId: number,
  column: Column,
  changes: Record<string, Value | null>,
) {
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(courseSettings)
      .values({ organisationId })
      .onConflictDoNothing({ target: courseSettings.organisationId });
    const [row] = await tx
      .select()
      .from(courseSettings)
      .where(eq(courseSettings.organisationId, organisationId))
      .for('update');
    const next: Record<string, Value> = { ...(row?.[column] ?? {}) };
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    if (Object.keys(next).length > MAX_KEYS)
      throw badRequest(`At most ${MAX_KEYS} settings are kept; remove some first.`);
    await tx
      .update(courseSettings)
      .set({ [column]: next, updatedAt: sql`now()` })
      .where(eq(courseSettings.organisationId, organisationId));
    return next;
  });
}

/** course-configuration-text/ and -options/: organisation-wide course settings. */
export function registerCourseSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const admins = { access: access.menu('/courses', [ROLE.ADMIN]) };
  const signedIn = { access: access.authenticated() };

  route(
    app,
    ops.configTexts,
    signedIn,
    async (req) => (await read(ctx, caller(req).organisationId)).texts,
  );
  route(
    app,
    ops.setConfigTexts,
    admins,
    async (req) =>
      merge(ctx, caller(req).organisationId, 'texts', req.body) as Promise<Record<string, string>>,
  );
  route(
    app,
    ops.configOptions,
    signedIn,
    async (req) => (await read(ctx, caller(req).organisationId)).options,
  );
  route(app, ops.setConfigOptions, admins, async (req) =>
    merge(ctx, caller(req).organisationId, 'options', req.body),
  );
}
