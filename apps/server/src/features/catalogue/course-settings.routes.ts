import {
  coursePaths as p,
  ROLE,
  ZConfigOptions,
  ZConfigOptionsResult,
  ZConfigTexts,
  ZConfigTextsResult,
} from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { courseSettings } from '../../schema/courses.table.ts';

const tags = ['courses'];
const errors = errorResponses(400, 401, 403);
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = access.menu('/courses', [ROLE.ADMIN]);

  r.get(
    p.configText,
    {
      schema: {
        tags,
        summary: 'Course configuration texts of the organisation',
        response: { 200: ZConfigTextsResult, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => (await read(ctx, caller(req).organisationId)).texts,
  );
  r.post(
    p.configText,
    {
      schema: {
        tags,
        summary: 'Set course configuration texts: keys are merged, null removes a key (≤ 50 keys)',
        body: ZConfigTexts,
        response: { 200: ZConfigTextsResult, ...errors },
      },
      config: { access: admins },
    },
    async (req) =>
      merge(ctx, caller(req).organisationId, 'texts', req.body) as Promise<Record<string, string>>,
  );
  r.get(
    p.configOptions,
    {
      schema: {
        tags,
        summary: 'Course configuration options of the organisation',
        response: { 200: ZConfigOptionsResult, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => (await read(ctx, caller(req).organisationId)).options,
  );
  r.post(
    p.configOptions,
    {
      schema: {
        tags,
        summary:
          'Set course configuration options (boolean, number or short text): merged, null removes',
        body: ZConfigOptions,
        response: { 200: ZConfigOptionsResult, ...errors },
      },
      config: { access: admins },
    },
    async (req) => merge(ctx, caller(req).organisationId, 'options', req.body),
  );
}
