import { APPROVAL, ROLE, type TRoleId } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openDatabase } from '../apps/server/src/core/db/database.ts';
import { EventBus } from '../apps/server/src/core/events/event-bus.ts';
import { hashPassword } from '../apps/server/src/features/auth/index.ts';
import { seedDemo } from '../apps/server/src/features/demo/index.ts';
import { findDefaultOrganisation } from '../apps/server/src/features/organisations/index.ts';
import {
  courseCategories,
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../apps/server/src/schema/courses.table.ts';
import { memberships, users } from '../apps/server/src/schema/users.table.ts';
import {
  seedDiscussionThread,
  seedWallFeed,
  type ThreadSummary,
  type WallSummary,
} from './communications-data.ts';
import { type PointsSummary, seedPoints } from './gamification-data.ts';
import { type LearningPathSummary, seedLearningPath } from './learning-path-data.ts';
import { type ReportDataSummary, seedReportData } from './reports-data.ts';
import { type SearchDataSummary, seedSearchDiscussions } from './search-data.ts';

/** Every generated account signs in with this password (they share one argon2 hash). */
export const BENCH_PASSWORD = 'Bench-pass-1';

// ~13 bound parameters per user row: 1,000 rows stays far below PostgreSQL's 65,535.
const BATCH_SIZE = 1000;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jon',
];
const LAST_NAMES = [
  'Okafor',
  'Schmidt',
  'García',
  'Nguyen',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Silva',
];

export interface DatasetSummary {
  demoAccounts: number;
  extraUsers: number;
  /** Catalogue courses (BENCH_COURSES, 10,000 by default), 3 modules with a file each. */
  courses: number;
  /**
   * A published course of the default organisation, looked up by its title (the demo seed's
   * own courses come first): the `course-detail` journey reads it. Null without courses.
   */
  detailCourseId: number | null;
  /** The learning-path journeys' path and its learners; null without courses or users. */
  learningPath: LearningPathSummary | null;
  /** The discussion journeys' topic with 1,000 answers (communications-data.ts). */
  thread: ThreadSummary;
  /** The wall-feed journey's organisation wall (communications-data.ts). */
  wall: WallSummary;
  /** The leaderboard journeys' ledger (gamification-data.ts); 0 entries when none ran. */
  points: PointsSummary;
  /** The report journeys' enrolments and activity (reports-data.ts); 0 when none ran. */
  reports: ReportDataSummary;
  /** The search journeys' discussion topics and posts (search-data.ts); 0 when none ran. */
  search: SearchDataSummary;
  organisationId: number;
  /** The demo learner: the baseline reads this row, `me` journeys sign in as it. */
  learnerId: number;
  seconds: number;
}

export function urlForDatabase(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops (with force) and creates the bench database; returns its URL. */
export async function createBenchDatabase(adminUrl: string, name: string): Promise<string> {
  await withAdmin(adminUrl, async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
  return urlForDatabase(adminUrl, name);
}

export async function dropBenchDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

export async function postgresVersion(adminUrl: string): Promise<string> {
  return withAdmin(adminUrl, async (c) => {
    const { rows } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    return rows[0]?.v ?? 'unknown';
  });
}

/** Deterministic, so two runs measure the same data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function roleFor(i: number): TRoleId {
  if (i % 500 === 0) return ROLE.ADMIN;
  if (i % 50 === 0) return ROLE.TRAINER;
  if (i % 200 === 7) return ROLE.HIRING_MANAGER;
  return ROLE.LEARNER;
}

/**
 * Migrates the bench database with the server's own migrations, seeds the demo
 * organisation and accounts, then `extraUsers` members of that organisation, the courses and
 * one learning path with `pathLearners` learners (learning-path-data.ts), `pointEntries`
 * point entries for the leaderboards (gamification-data.ts) and `reportEnrolments` enrolments
 * with a year of activity for the reports (reports-data.ts) and `discussionPosts` discussion
 * posts for search (search-data.ts).
 */
export async function seedDataset(
  url: string,
  extraUsers: number,
  pathLearners: number,
  pointEntries = 0,
  reportEnrolments = 0,
  discussionPosts = 0,
): Promise<DatasetSummary> {
  const started = performance.now();
  const database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await database.migrate();
    const bus = new EventBus({ error: (...args: unknown[]) => console.error(...args) });
    await seedDemo({ db: database.db, bus });
    const organisation = await findDefaultOrganisation(database.db);
    if (!organisation) throw new Error('seedDemo did not create the default organisation.');

    // argon2id costs ~0.1 s per hash on purpose: hash once, share it.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const random = prng(20_240_601);
    const now = Date.now();
    for (let start = 0; start < extraUsers; start += BATCH_SIZE) {
      const end = Math.min(start + BATCH_SIZE, extraUsers);
      const rows: (typeof users.$inferInsert)[] = [];
      for (let i = start; i < end; i++) {
        const username = `bench_user_${String(i + 1).padStart(6, '0')}`;
        const pending = random() < 0.03;
        const everSignedIn = !pending && random() < 0.8;
        const createdAt = new Date(now - Math.floor(random() * 730) * 86_400_000);
        rows.push({
          username,
          email: `${username}@bench.atrium.local`,
          firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
          lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!,
          passwordHash,
          isActive: !pending && random() > 0.02,
          approvalStatus: pending ? APPROVAL.PENDING : APPROVAL.APPROVED,
          lastLoginAt: everSignedIn ? new Date(now - Math.floor(random() * 90 * 86_400_000)) : null,
          createdAt,
          updatedAt: createdAt,
        });
      }
      await database.db.transaction(async (tx) => {
        const inserted = await tx.insert(users).values(rows).returning({ id: users.id });
        await tx.insert(memberships).values(
          inserted.map((u, k) => {
            const roleId = roleFor(start + k + 1);
            return { userId: u.id, organisationId: organisation.id, roleId, viewRoleId: roleId };
          }),
        );
      });
    }
    const courseCount = await seedCourses(database.db, organisation.id, random);
    const [learner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'learner'));
    if (!learner) throw new Error("seedDemo did not create the 'learner' account.");
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'));
    if (!admin) throw new Error("seedDemo did not create the 'admin' account.");
    const [detail] = await database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.title, DETAIL_COURSE_TITLE));
    const learningPath = await seedLearningPath(database.db, {
      organisationId: organisation.id,
      detailCourseId: detail?.id ?? null,
      adminId: admin.id,
      learnerId: learner.id,
      learners: Math.min(pathLearners, extraUsers + 1),
    });
    const thread = await seedDiscussionThread(database.db, {
      organisationId: organisation.id,
      authorId: learner.id,
    });
    const wall = await seedWallFeed(database.db, { organisationId: organisation.id });
    const search = await seedSearchDiscussions(database.db, {
      organisationId: organisation.id,
      posts: discussionPosts,
    });
    const points = await seedPoints(database.db, {
      organisationId: organisation.id,
      entries: pointEntries,
    });
    const reports = await seedReportData(database.db, {
      organisationId: organisation.id,
      enrolments: reportEnrolments,
    });
    // What autovacuum would have done on a live install (statistics, visibility
    // map), done now so it does not start in the middle of a measurement.
    await database.db.execute(sql`vacuum (analyze)`);
    // Flush the bulk load's dirty pages before measuring; needs superuser, optional.
    await database.db.execute(sql`checkpoint`).catch(() => {});

    const [{ count } = { count: 0 }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    return {
      demoAccounts: count - extraUsers,
      extraUsers,
      courses: courseCount,
      detailCourseId: detail?.id ?? null,
      learningPath,
      thread,
      wall,
      points,
      reports,
      search,
      organisationId: organisation.id,
      learnerId: learner.id,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

const TOPICS = [
  'Fire Safety',
  'Data Protection',
  'Leadership',
  'Excel',
  'First Aid',
  'Customer Service',
  'Negotiation',
  'Python',
  'Project Management',
  'Equality and Diversity',
  'Cyber Security',
  'Manual Handling',
];
const QUALIFIERS = ['Introduction to', 'Advanced', 'Essentials of', 'Refresher:', 'Mastering'];
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const DETAIL_COURSE_TITLE = 'Bench detail course';
const MODULES_PER_COURSE = 3;

/**
 * 20 categories, BENCH_COURSES courses (mostly published, some drafts and
 * pending), each with three modules holding one repository file: batches of 1,000.
 */
async function seedCourses(db: Db, organisationId: number, random: () => number): Promise<number> {
  const total = Number(process.env.BENCH_COURSES ?? 10_000);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const cats = await db
    .insert(courseCategories)
    .values(Array.from({ length: 20 }, (_, i) => ({ organisationId, name: `Category ${i + 1}` })))
    .returning({ id: courseCategories.id });
  const files = await db
    .insert(repositoryFiles)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        organisationId,
        uploadedBy: admin?.id ?? null,
        name: `Handout ${i + 1}.pdf`,
        kind: 'pdf',
        storageKey: `repository/pdf/00000000-0000-4000-8000-${String(i).padStart(12, '0')}.pdf`,
        contentType: 'application/pdf',
        size: 1000,
      })),
    )
    .returning({ id: repositoryFiles.id });
  const now = Date.now();
  for (let start = 0; start < total; start += BATCH_SIZE) {
    const end = Math.min(start + BATCH_SIZE, total);
    const rows: (typeof courses.$inferInsert)[] = [];
    for (let i = start; i < end; i++) {
      const r = random();
      const createdAt = new Date(now - Math.floor(random() * 1000) * 86_400_000);
      rows.push({
        organisationId,
        categoryId: cats[i % cats.length]!.id,
        title:
          i === 0
            ? DETAIL_COURSE_TITLE
            : `${QUALIFIERS[i % QUALIFIERS.length]} ${TOPICS[Math.floor(i / QUALIFIERS.length) % TOPICS.length]} ${i + 1}`,
        description: '<p>Generated for the bench.</p>',
        level: LEVELS[i % LEVELS.length],
        language: 'en',
        tags: [TOPICS[i % TOPICS.length]!.toLowerCase()],
        status: i === 0 || r < 0.8 ? 'published' : r < 0.9 ? 'draft' : 'pending',
        visibility: i % 10 === 0 ? 'catalogue' : 'organisation',
        isCpd: i % 7 === 0,
        createdBy: admin?.id ?? null,
        createdAt,
        updatedAt: createdAt,
        publishedAt: createdAt,
      });
    }
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(courses).values(rows).returning({ id: courses.id });
      const mods = await tx
        .insert(courseModules)
        .values(
          inserted.flatMap((c) =>
            Array.from({ length: MODULES_PER_COURSE }, (_, k) => ({
              courseId: c.id,
              title: `Module ${k + 1}`,
              position: k + 1,
            })),
          ),
        )
        .returning({ id: courseModules.id });
      await tx.insert(moduleFiles).values(
        mods.map((m, k) => ({
          moduleId: m.id,
          fileId: files[k % files.length]!.id,
          position: 1,
        })),
      );
    });
  }
  return total;
}
