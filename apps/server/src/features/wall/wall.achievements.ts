import type { ZWallSettings } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { defineSubscriber } from '../../core/module.ts';
import { courses } from '../../schema/courses.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { wallPosts, wallSettings } from '../../schema/wall.table.ts';

type TWallSettings = z.infer<typeof ZWallSettings>;

/**
 * Achievement posts: when someone who allows it (`share_achievements`, off by default) completes
 * a course or a learning path, Atrium posts it on their organisation's wall in their name, once
 * per course or path (a unique key on person, source kind and source id: a redelivered event or a
 * second completion posts nothing more). Badges join with issue 21.
 */

export async function settingsOf(ctx: AppContext, actor: Actor): Promise<TWallSettings> {
  const [row] = await ctx.db
    .select({ share: wallSettings.shareAchievements })
    .from(wallSettings)
    .where(eq(wallSettings.userId, actor.userId));
  return { share_achievements: row?.share ?? false };
}

export async function updateSettings(
  ctx: AppContext,
  actor: Actor,
  input: TWallSettings,
): Promise<TWallSettings> {
  await ctx.db
    .insert(wallSettings)
    .values({ userId: actor.userId, shareAchievements: input.share_achievements })
    .onConflictDoUpdate({
      target: wallSettings.userId,
      set: { shareAchievements: input.share_achievements },
    });
  return { share_achievements: input.share_achievements };
}

const SENTENCE = {
  course: (title: string) => `completed the course “${title}”`,
  learning_path: (title: string) => `completed the learning path “${title}”`,
} as const;

const LINK = {
  course: (id: number) => `/courses/course-detail/${id}`,
  learning_path: (id: number) => `/learning-path/learner/learning-path/${id}`,
} as const;

export async function postAchievement(
  ctx: AppContext,
  a: { userId: number; organisationId: number; kind: 'course' | 'learning_path'; sourceId: number },
): Promise<void> {
  const [setting] = await ctx.db
    .select({ share: wallSettings.shareAchievements })
    .from(wallSettings)
    .where(eq(wallSettings.userId, a.userId));
  if (!setting?.share) return;
  const table = a.kind === 'course' ? courses : learningPaths;
  const [source] = await ctx.db
    .select({ title: table.title })
    .from(table)
    .where(eq(table.id, a.sourceId));
  if (!source) return;
  await ctx.db
    .insert(wallPosts)
    .values({
      organisationId: a.organisationId,
      userId: a.userId,
      kind: 'achievement',
      body: SENTENCE[a.kind](source.title),
      achievement: { kind: a.kind, title: source.title, link: LINK[a.kind](a.sourceId) },
      sourceKind: a.kind,
      sourceId: a.sourceId,
    })
    .onConflictDoNothing();
}

export const achievementSubscribers = [
  defineSubscriber({
    event: 'course.completed',
    name: 'wall-course-achievement',
    async handle(ctx, e) {
      await postAchievement(ctx, { ...e, kind: 'course', sourceId: e.courseId });
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'wall-learning-path-achievement',
    async handle(ctx, e) {
      await postAchievement(ctx, { ...e, kind: 'learning_path', sourceId: e.pathId });
    },
  }),
];
