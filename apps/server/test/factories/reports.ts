import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { userActivity } from '../../src/schema/audit.table.ts';
import { courseEnrolments } from '../../src/schema/enrolments.table.ts';
import { userProfiles } from '../../src/schema/profiles.table.ts';
import type { TestApp } from '../app.ts';
import { makeOrganisationWithStaff, signedIn } from '../auth.ts';
import { api } from '../http.ts';
import { makeCategory, makeCourse } from './catalogue.ts';
import { enrol } from './learning.ts';
import { makeDepartment, makeDesignation } from './structure.ts';
import { makeUser } from './users.ts';

/**
 * The small dataset the reports tests (src/features/reports) check their figures against, by
 * hand.
 *
 * acme: trainers T1 (Alpha, Bravo draft — category Cat1) and T2 (Charlie — Cat2); the admin's
 * Delta (no category). Learners L1 (dept D1, designation G1), L2 (D1), L3 (D2); L0 (the staff
 * learner) has a pending request; L4 awaits approval; L5 is deactivated. globex's learner LB
 * completed globex's course and is also enrolled in acme's Alpha (a shared course): they are
 * not acme's people and count nowhere in acme's reports. All dates in 2025.
 */
export async function makeReportDataset(t: TestApp) {
  const db = () => t.database.db;
  async function enrolOn(
    courseId: number,
    userId: number,
    at: { enrolled: string; completed?: string; progress?: number },
  ) {
    const row = await enrol(db(), courseId, userId, at.completed ? 'completed' : 'enrolled');
    await db()
      .update(courseEnrolments)
      .set({
        enrolledAt: new Date(`${at.enrolled}T10:00:00Z`),
        completedAt: at.completed ? new Date(`${at.completed}T10:00:00Z`) : null,
        progressPercent: at.completed ? 100 : (at.progress ?? 0),
      })
      .where(eq(courseEnrolments.id, row.id));
  }

  async function activity(
    organisationId: number,
    userId: number,
    day: string,
    kind: 'sign_in' | 'module_time',
    seconds?: number,
  ) {
    await db()
      .insert(userActivity)
      .values({
        organisationId,
        userId,
        kind,
        module: kind === 'module_time' ? 'courses' : null,
        seconds: seconds ?? null,
        createdAt: new Date(`${day}T09:00:00Z`),
      });
  }

  const acme = await makeOrganisationWithStaff(db(), t.config);
  const globex = await makeOrganisationWithStaff(db(), t.config);
  const ids = {} as Record<'L1' | 'L2' | 'L3' | 'L4' | 'L5' | 'LB' | 'D1' | 'D2' | 'G1', number>;
  const courseIds = {} as Record<'alpha' | 'bravo' | 'charlie' | 'delta', number>;

  const org = acme.org.id;
  const t2 = await signedIn(t, { organisationId: org, roleId: ROLE.TRAINER });
  ids.D1 = (await makeDepartment(db(), { organisationId: org })).id;
  ids.D2 = (await makeDepartment(db(), { organisationId: org })).id;
  ids.G1 = (await makeDesignation(db(), { departmentId: ids.D1 })).id;
  for (const name of ['L1', 'L2', 'L3'] as const) {
    ids[name] = (await makeUser(db(), { organisationId: org, username: `r_${name}` })).id;
  }
  ids.L4 = (await makeUser(db(), { organisationId: org, approved: false })).id;
  ids.L5 = (await makeUser(db(), { organisationId: org, active: false })).id;
  ids.LB = (await makeUser(db(), { organisationId: globex.org.id })).id;
  await db()
    .insert(userProfiles)
    .values([
      { userId: ids.L1, departmentId: ids.D1, designationId: ids.G1 },
      { userId: ids.L2, departmentId: ids.D1 },
      { userId: ids.L3, departmentId: ids.D2 },
    ]);

  const cat1 = await makeCategory(db(), { organisationId: org, name: 'Cat1' });
  const cat2 = await makeCategory(db(), { organisationId: org, name: 'Cat2' });
  const course = (
    title: string,
    createdBy: number,
    categoryId: number | null,
    status = 'published',
  ) =>
    makeCourse(db(), {
      organisationId: org,
      createdBy,
      title,
      categoryId,
      status: status as 'published',
    });
  courseIds.alpha = (await course('Alpha', acme.trainer.user.id, cat1.id)).id;
  courseIds.bravo = (await course('Bravo', acme.trainer.user.id, cat1.id, 'draft')).id;
  courseIds.charlie = (await course('Charlie', t2.user.id, cat2.id)).id;
  courseIds.delta = (await course('Delta', acme.admin.user.id, null)).id;
  const { alpha, charlie, delta } = courseIds;
  await enrolOn(alpha, ids.L1, { enrolled: '2025-01-10', completed: '2025-02-15' });
  await enrolOn(alpha, ids.L2, { enrolled: '2025-01-20', progress: 50 });
  await enrolOn(alpha, ids.L3, { enrolled: '2025-03-05' });
  await enrolOn(charlie, ids.L1, { enrolled: '2025-02-01', completed: '2025-03-10' });
  await enrolOn(charlie, ids.L2, { enrolled: '2025-02-02', completed: '2025-02-20' });
  await enrolOn(delta, ids.L3, { enrolled: '2025-04-01' });
  await enrol(db(), charlie, acme.learner.user.id, 'requested');
  // globex's learner: their own course, and acme's Alpha.
  const globexCourse = await makeCourse(db(), {
    organisationId: globex.org.id,
    createdBy: globex.trainer.user.id,
    title: 'Globex course',
  });
  await enrolOn(globexCourse.id, ids.LB, { enrolled: '2025-01-02', completed: '2025-02-10' });
  await enrolOn(alpha, ids.LB, { enrolled: '2025-01-03', completed: '2025-01-04' });

  for (const day of ['2025-01-05', '2025-01-20', '2025-02-03']) {
    await activity(org, ids.L1, day, 'sign_in');
  }
  await activity(org, ids.L2, '2025-02-10', 'sign_in');
  await activity(org, ids.L3, '2025-03-01', 'sign_in');
  await activity(org, t2.user.id, '2025-03-02', 'sign_in');
  await activity(org, ids.L1, '2025-01-05', 'module_time', 600);
  await activity(org, ids.L1, '2025-02-03', 'module_time', 300);
  await activity(org, ids.L2, '2025-02-10', 'module_time', 1200);
  await activity(org, ids.L3, '2025-03-01', 'module_time', 100);
  await activity(globex.org.id, ids.LB, '2025-01-07', 'sign_in');
  await activity(globex.org.id, ids.LB, '2025-01-07', 'module_time', 5000);

  return { acme, globex, t2, ids, courseIds };
}

export type ReportDataset = Awaited<ReturnType<typeof makeReportDataset>>;

/** The year of the dataset as a range filter. */
export const Y2025 = 'from=2025-01-01&to=2025-12-31';

/** GET helpers: `ok` expects a 200 and gives the body. */
export function reportCalls(t: TestApp) {
  const get = (path: string, token: string) => api(t).get(path, token);
  const ok = async (path: string, token: string) => {
    const res = await get(path, token);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { get, ok };
}

export const userIds = (rows: { user: { id: number } }[]) => rows.map((r) => r.user.id);

/** Twelve monthly values, zero but for the (month, value) pairs given. */
export const months = (...pairs: [number, number][]) => {
  const out = Array.from({ length: 12 }, () => 0);
  for (const [m, n] of pairs) out[m - 1] = n;
  return out;
};
