import { ROLE, type TRoleId } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { courseCategories, courseModules, courses } from '../../schema/courses.table.ts';
import { createAccount, findUserByUsernameOrEmail } from '../auth/index.ts';
import { ensureDefaultOrganisation } from '../organisations/index.ts';
import { seedDemoBadges } from './demo.badges.ts';
import { seedDemoBlogs } from './demo.blogs.ts';
import { seedDemoCertificates } from './demo.certificates.ts';
import { seedDemoClassroom } from './demo.classrooms.ts';
import { seedDemoCompetencies } from './demo.competencies.ts';
import { seedDemoDepartments } from './demo.departments.ts';
import { seedDemoEvents } from './demo.events.ts';
import { seedDemoForums } from './demo.forums.ts';
import { seedDemoGamification } from './demo.gamification.ts';
import { seedDemoWall } from './demo.wall.ts';

/** Demo mode only: printed at start and documented in the README. */
export const DEMO_PASSWORD = 'Atrium-demo-1';

const DEMO_ACCOUNTS: { username: string; roleId: TRoleId; firstName: string; lastName: string }[] =
  [
    { username: 'superadmin', roleId: ROLE.SUPERADMIN, firstName: 'Sam', lastName: 'Super' },
    { username: 'admin', roleId: ROLE.ADMIN, firstName: 'Ada', lastName: 'Admin' },
    { username: 'trainer', roleId: ROLE.TRAINER, firstName: 'Tariq', lastName: 'Trainer' },
    { username: 'learner', roleId: ROLE.LEARNER, firstName: 'Lena', lastName: 'Learner' },
  ];

/**
 * Seeds the default organisation and one account per role. Idempotent: what
 * exists is left alone. Returns whether anything was created.
 */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'bus'>): Promise<boolean> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { organisation, created } = await ensureDefaultOrganisation(tx, {
      title: 'Atrium Demo',
      acronym: 'DEMO',
      welcomeMessage: 'Welcome to Atrium. Sign in to continue learning.',
    });
    let createdAny = created;
    const ids: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const email = `${account.username}@demo.atrium.local`;
      const [existing] = await findUserByUsernameOrEmail(tx, account.username, email);
      if (existing) {
        ids[account.username] = existing.id;
        continue;
      }
      const user = await createAccount(tx, {
        ...account,
        email,
        password: DEMO_PASSWORD,
        organisationId: organisation.id,
        active: true,
        approved: true,
      });
      ids[account.username] = user.id;
      createdAny = true;
    }
    if (await seedDemoDepartments(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoCourses(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoClassroom(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoEvents(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoWall(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoBlogs(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoForums(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoGamification(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoBadges(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoCompetencies(tx, organisation.id, ids)) createdAny = true;
    if (await seedDemoCertificates(tx, organisation.id)) createdAny = true;
    return createdAny;
  });
}

const DEMO_CATEGORIES = [
  { name: 'Workplace Safety', description: 'Staying safe and keeping others safe at work.' },
  { name: 'Professional Skills', description: 'Communication, teamwork and personal growth.' },
];

const DEMO_COURSES = [
  {
    title: 'Fire Safety Essentials',
    category: 'Workplace Safety',
    author: 'admin',
    level: 'beginner',
    durationMinutes: 45,
    tags: ['safety', 'compliance'],
    isCpd: true,
    cpdHours: '1.00',
    description:
      '<p>What to do <strong>before, during and after</strong> a fire at work.</p><ul><li>Spot the hazards</li><li>Use the right extinguisher</li><li>Evacuate calmly</li></ul>',
    modules: [
      { title: 'Fire hazards at work', description: 'Heat, fuel and oxygen, and where they meet.' },
      { title: 'Extinguishers and alarms', description: 'Which extinguisher for which fire.' },
      { title: 'Evacuation', description: 'Routes, assembly points and roll calls.' },
    ],
  },
  {
    title: 'First Aid at Work',
    category: 'Workplace Safety',
    author: 'trainer',
    level: 'intermediate',
    durationMinutes: 90,
    tags: ['safety', 'health'],
    isCpd: false,
    cpdHours: null,
    description:
      '<p>The first minutes matter. Learn to <em>assess</em>, <em>call for help</em> and <em>act</em>.</p>',
    modules: [
      { title: 'Assessing the scene', description: 'Danger, response, airway, breathing.' },
      { title: 'Common injuries', description: 'Cuts, burns, sprains and what to do.' },
    ],
  },
  {
    title: 'Effective Communication',
    category: 'Professional Skills',
    author: 'trainer',
    level: 'beginner',
    durationMinutes: 60,
    tags: ['communication', 'soft skills'],
    isCpd: false,
    cpdHours: null,
    description: '<p>Listen actively, write clearly and give feedback that helps.</p>',
    modules: [
      { title: 'Active listening', description: 'Hearing what is meant, not just what is said.' },
      { title: 'Clear writing', description: 'Short sentences, plain words, one idea each.' },
    ],
  },
] as const;

/**
 * Two categories and three published courses (one CPD) with a few modules, so
 * the demo opens on a real catalogue. Matched by name and title: what exists is
 * left alone, so a demo user's edits survive a restart.
 */
async function seedDemoCourses(
  tx: DbOrTx,
  organisationId: number,
  authors: Record<string, number>,
): Promise<boolean> {
  let createdAny = false;
  const categoryIds: Record<string, number> = {};
  for (const category of DEMO_CATEGORIES) {
    const [existing] = await tx
      .select({ id: courseCategories.id })
      .from(courseCategories)
      .where(
        and(
          eq(courseCategories.organisationId, organisationId),
          eq(sql`lower(${courseCategories.name})`, category.name.toLowerCase()),
        ),
      );
    if (existing) {
      categoryIds[category.name] = existing.id;
      continue;
    }
    const [row] = await tx
      .insert(courseCategories)
      .values({ ...category, organisationId })
      .returning({ id: courseCategories.id });
    categoryIds[category.name] = row!.id;
    createdAny = true;
  }
  for (const course of DEMO_COURSES) {
    const [existing] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.organisationId, organisationId), eq(courses.title, course.title)));
    if (existing) continue;
    const now = new Date();
    const [row] = await tx
      .insert(courses)
      .values({
        organisationId,
        categoryId: categoryIds[course.category] ?? null,
        title: course.title,
        description: course.description,
        level: course.level,
        durationMinutes: course.durationMinutes,
        language: 'en',
        tags: [...course.tags],
        status: 'published',
        selfEnrol: true,
        isCpd: course.isCpd,
        cpdHours: course.cpdHours,
        createdBy: authors[course.author] ?? null,
        publishedAt: now,
      })
      .returning({ id: courses.id });
    await tx
      .insert(courseModules)
      .values(course.modules.map((m, i) => ({ ...m, courseId: row!.id, position: i + 1 })));
    createdAny = true;
  }
  return createdAny;
}
