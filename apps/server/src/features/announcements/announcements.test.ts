import { ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  makeAnnouncement,
  makeAnnouncementRead,
  makeBooking,
  makeClassroomSession,
  makeCourse,
  makeEnrolment,
  makeStructure,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { api, call } from '../../../test/http.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { announcementReads, announcements } from '../../schema/announcements.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { publishDue } from './announcements.service.ts';

/*
 * Announcements through the API: who writes, changes, deletes and reports on what; who reads
 * what (the audience: departments, designations, roles, a course's learners, a class's); the
 * schedule (visible at publish_at, announced once by the job, notified to the audience only);
 * reading, acknowledging, the unread counts, the report and its CSV.
 */

let t: TestApp;
let acme: Staff;
let other: Staff;
let http: ReturnType<typeof api>;
let place: Awaited<ReturnType<typeof makeStructure>>;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  other = await makeOrganisationWithStaff(t.database.db, t.config);
  place = await makeStructure(t.database.db, acme.org.id);
});
afterAll(() => t?.close());

const URL = '/api/announcements/';
const db = () => t.database.db;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

const post = (who: SignedIn, body: Record<string, unknown>) =>
  http.post(URL, who.token, { title: 'Office closed', body: '<p>Closed on Friday.</p>', ...body });
const detail = (who: SignedIn, id: number) => http.get(`${URL}${id}/`, who.token);
const inbox = (who: SignedIn, query = '') => http.get(`${URL}?page_size=100${query}`, who.token);
const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((r) => r.id);
const notified = async (announcementId: number) =>
  (
    await db()
      .select({
        recipientId: notifications.recipientId,
        emailFrequency: notifications.emailFrequency,
      })
      .from(notifications)
      .where(
        and(eq(notifications.type, 'announcement'), eq(notifications.subjectId, announcementId)),
      )
  ).sort((a, b) => a.recipientId - b.recipientId);

/** A learner of acme placed in a department (and its designation). */
async function learnerIn(where: 'sales' | 'support' | null, structure = place) {
  const learner = await signedInLearner(t, acme.org.id);
  if (where) {
    await placeUser(db(), learner.user.id, {
      departmentId: structure[where].department.id,
      designationId: structure[where].designation.id,
    });
  }
  return learner;
}

describe('writing', () => {
  it('admins and trainers write; learners may not; the other organisation never sees it', async () => {
    const byAdmin = await post(acme.admin, { pinned: true });
    expect(byAdmin.statusCode).toBe(201);
    const a = byAdmin.json();
    expect(a).toMatchObject({
      organisation: acme.org.id,
      title: 'Office closed',
      body: '<p>Closed on Friday.</p>',
      audience: null,
      state: 'published',
      pinned: true,
      must_acknowledge: false,
      send_email: true,
      author: { id: acme.admin.user.id },
      reader: true,
      read_at: null,
      abilities: { edit: true, delete: true, report: true, acknowledge: false },
    });
    expect(a.stats.audience).toBeGreaterThan(0);

    const byTrainer = await post(acme.trainer, {});
    expect(byTrainer.statusCode).toBe(201);
    expect((await post(acme.learner, {})).statusCode).toBe(403);
    expect((await http.post(URL, '', {})).statusCode).toBe(401);

    // Another organisation: 404 on every route naming it.
    for (const who of [other.admin, other.trainer, other.learner]) {
      expect((await detail(who, a.id)).statusCode).toBe(404);
      expect(ids(await inbox(who))).not.toContain(a.id);
    }
    expect((await http.patch(`${URL}${a.id}/`, other.admin.token, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await http.del(`${URL}${a.id}/`, other.admin.token)).statusCode).toBe(404);
    expect((await http.get(`${URL}${a.id}/acknowledgements/`, other.admin.token)).statusCode).toBe(
      404,
    );
  });

  it('a trainer manages their own only; admins manage all of the organisation’s', async () => {
    const mine = (await post(acme.trainer, { title: 'Trainer’s' })).json();
    const admins = (await post(acme.admin, { title: 'Admin’s' })).json();
    // The trainer reads the admin's (whole organisation) but may not change it: 403.
    const seen = await detail(acme.trainer, admins.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().abilities).toMatchObject({ edit: false, delete: false, report: false });
    expect(seen.json().stats).toBeNull();
    expect(
      (await http.patch(`${URL}${admins.id}/`, acme.trainer.token, { title: 'x' })).statusCode,
    ).toBe(403);
    expect((await http.del(`${URL}${admins.id}/`, acme.trainer.token)).statusCode).toBe(403);
    expect(
      (await http.get(`${URL}${admins.id}/acknowledgements/`, acme.trainer.token)).statusCode,
    ).toBe(403);
    // The learner: 403 by role on the authors' routes.
    expect(
      (await http.patch(`${URL}${mine.id}/`, acme.learner.token, { title: 'x' })).statusCode,
    ).toBe(403);

    const managed = (who: SignedIn) => http.get(`${URL}?scope=manage&page_size=100`, who.token);
    expect(ids(await managed(acme.trainer))).toContain(mine.id);
    expect(ids(await managed(acme.trainer))).not.toContain(admins.id);
    expect(ids(await managed(acme.admin))).toEqual(expect.arrayContaining([mine.id, admins.id]));
    expect((await managed(acme.learner)).json().count).toBe(0);

    const edited = await http.patch(`${URL}${mine.id}/`, acme.admin.token, {
      title: 'Edited',
      pinned: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited', pinned: true });
  });

  it('stores the body sanitised and reads it back clean; a body of nothing safe is refused', async () => {
    const payloads = [
      '<script>alert(1)</script><p>a</p>',
      '<img src=x onerror="alert(1)"><p>b</p>',
      '<p onclick="x()">c</p>',
      '<a href="javascript:alert(1)">d</a>',
      '<iframe src="https://evil.example"></iframe><p>e</p>',
      '<svg><script>alert(1)</script></svg><p>f</p>',
      '<p style="background:url(javascript:alert(1))">g</p>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">h</a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ];
    for (const body of payloads) {
      const res = await post(acme.admin, { body });
      if (res.statusCode === 400) {
        expect(Object.keys(res.json().errors)).toEqual(['body']);
        continue;
      }
      expect(res.statusCode).toBe(201);
      const back = (await detail(acme.admin, res.json().id)).json().body as string;
      for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', 'data:text']) {
        expect(back.toLowerCase(), body).not.toContain(bad);
      }
      const [row] = await db()
        .select({ body: announcements.body })
        .from(announcements)
        .where(eq(announcements.id, res.json().id));
      expect(row!.body).toBe(back);
    }
    const empty = await post(acme.admin, { body: '<script>only</script>' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['body']);
  });

  it('refuses an audience naming another organisation’s department, designation, course or class, naming the field', async () => {
    const theirs = await makeStructure(db(), other.org.id);
    const theirCourse = await makeCourse(db(), { organisationId: other.org.id });
    const theirClass = await makeClassroomSession(db(), { organisationId: other.org.id });
    const before = (await db().select().from(announcements)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ departments: [theirs.sales.department.id] }, 'audience.departments'],
      [{ designations: [theirs.sales.designation.id] }, 'audience.designations'],
      [{ course: theirCourse.id }, 'audience.course'],
      [{ class: theirClass.cls.id }, 'audience.class'],
    ];
    for (const [a, field] of cases) {
      const res = await post(acme.admin, { audience: a });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    // The contract refuses an audience naming nobody, a superadmin role and a bad expiry.
    for (const body of [
      { audience: {} },
      { audience: { roles: [ROLE.SUPERADMIN] } },
      { publish_at: inHours(2).toISOString(), expires_at: inHours(1).toISOString() },
    ]) {
      expect((await post(acme.admin, body)).statusCode).toBe(400);
    }
    expect((await db().select().from(announcements)).length).toBe(before);
  });

  it('deletes with an audit entry, and its readings go with it', async () => {
    const a = (await post(acme.admin, { title: 'To delete' })).json();
    expect((await detail(acme.learner, a.id)).statusCode).toBe(200);
    const res = await http.del(`${URL}${a.id}/`, acme.admin.token);
    expect(res.statusCode).toBe(204);
    expect((await detail(acme.learner, a.id)).statusCode).toBe(404);
    expect(
      await db().select().from(announcementReads).where(eq(announcementReads.announcementId, a.id)),
    ).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'announcement.deleted'));
    expect(audit).toMatchObject({ actorId: acme.admin.user.id, organisationId: acme.org.id });
    expect(audit!.details).toMatchObject({ announcementId: a.id, title: 'To delete' });
  });
});

describe('the audience', () => {
  it('a department’s learners see it; others never do (404 on the detail)', async () => {
    const sales = await learnerIn('sales');
    const support = await learnerIn('support');
    const nowhere = await learnerIn(null);
    const a = (
      await post(acme.admin, { audience: { departments: [place.sales.department.id] } })
    ).json();
    expect(ids(await inbox(sales))).toContain(a.id);
    const read = (await detail(sales, a.id)).json();
    expect([read.reader, read.read_at === null]).toEqual([true, false]);
    // The reader is told whom it is for by name (they may not list the departments).
    expect(read.audience).toMatchObject({
      departments: [place.sales.department.id],
      department_names: [place.sales.department.name],
      designation_names: [],
    });
    for (const who of [support, nowhere]) {
      expect(ids(await inbox(who))).not.toContain(a.id);
      expect((await detail(who, a.id)).statusCode).toBe(404);
      expect((await http.post(`${URL}${a.id}/acknowledge/`, who.token, {})).statusCode).toBe(404);
    }
    // Its author and the admins see it (manage), though not in the department.
    expect((await detail(acme.trainer, a.id)).statusCode).toBe(404);
    const managed = await detail(acme.admin, a.id);
    expect(managed.statusCode).toBe(200);
    // A manager outside the audience has nothing to read: not a reader, never marked read.
    expect([managed.json().reader, managed.json().read_at]).toEqual([false, null]);
    expect(a.stats.audience).toBe(1);
  });

  it('designations, roles, a course’s learners and a class’s booked learners', async () => {
    const designated = await learnerIn('support');
    const enrolled = await learnerIn(null);
    const completed = await learnerIn(null);
    const requested = await learnerIn(null);
    const booked = await learnerIn(null);
    const cancelled = await learnerIn(null);
    const bystander = await learnerIn(null);
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    await makeEnrolment(db(), { course, userId: enrolled.user.id });
    await makeEnrolment(db(), { course, userId: completed.user.id, status: 'completed' });
    await makeEnrolment(db(), { course, userId: requested.user.id, status: 'requested' });
    const { cls, session } = await makeClassroomSession(db(), { organisationId: acme.org.id });
    await makeBooking(db(), session, booked.user.id, 'booked');
    await makeBooking(db(), session, cancelled.user.id, 'cancelled');

    const byDesignation = (
      await post(acme.admin, { audience: { designations: [place.support.designation.id] } })
    ).json();
    const byRole = (await post(acme.admin, { audience: { roles: [ROLE.TRAINER] } })).json();
    const byCourse = (await post(acme.admin, { audience: { course: course.id } })).json();
    const byClass = (await post(acme.admin, { audience: { class: cls.id } })).json();
    expect(byCourse.audience.course).toEqual({ id: course.id, title: course.title });
    expect(byClass.audience.class).toEqual({ id: cls.id, name: cls.name });

    const sees = async (who: SignedIn) => ids(await inbox(who));
    expect(await sees(designated)).toContain(byDesignation.id);
    expect(await sees(enrolled)).toContain(byCourse.id);
    expect(await sees(completed)).toContain(byCourse.id);
    expect(await sees(requested)).not.toContain(byCourse.id);
    expect(await sees(booked)).toContain(byClass.id);
    expect(await sees(cancelled)).not.toContain(byClass.id);
    expect(await sees(acme.trainer)).toContain(byRole.id);
    for (const id of [byDesignation.id, byRole.id, byCourse.id, byClass.id]) {
      expect(await sees(bystander)).not.toContain(id);
    }
    expect((await detail(requested, byCourse.id)).statusCode).toBe(404);
    expect((await detail(booked, byClass.id)).statusCode).toBe(200);
    expect(byCourse.stats.audience).toBe(2);
    expect(byClass.stats.audience).toBe(1);

    await t.app.ctx.jobs.drain();
    expect((await notified(byCourse.id)).map((n) => n.recipientId)).toEqual(
      [enrolled.user.id, completed.user.id].sort((x, y) => x - y),
    );
    expect((await notified(byClass.id)).map((n) => n.recipientId)).toEqual([booked.user.id]);
  });
});

describe('the schedule', () => {
  it('not visible before publish_at, visible at it; the job announces once, to the audience only', async () => {
    const own = await makeStructure(db(), acme.org.id);
    const sales = await learnerIn('sales', own);
    const support = await learnerIn('support', own);
    const created = await post(acme.admin, {
      audience: { departments: [own.sales.department.id] },
      publish_at: inHours(2).toISOString(),
      send_email: false,
    });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a.state).toBe('scheduled');
    expect(ids(await inbox(sales))).not.toContain(a.id);
    expect((await detail(sales, a.id)).statusCode).toBe(404);
    expect(ids(await http.get(`${URL}?scope=manage&state=scheduled`, acme.admin.token))).toContain(
      a.id,
    );
    // Before its time the job leaves it alone.
    expect(await publishDue(t.app.ctx)).not.toContain(a.id);

    // Its time comes (moved back rather than waited for): readers see it before any job ran.
    await db()
      .update(announcements)
      .set({ publishAt: new Date(Date.now() - 60_000) })
      .where(eq(announcements.id, a.id));
    expect(ids(await inbox(sales))).toContain(a.id);
    expect(await notified(a.id)).toEqual([]);

    expect(await publishDue(t.app.ctx)).toContain(a.id);
    expect(await publishDue(t.app.ctx)).not.toContain(a.id);
    await t.app.ctx.jobs.drain();
    await t.app.ctx.jobs.drain();
    const rows = await notified(a.id);
    expect(rows.map((r) => r.recipientId)).toEqual([sales.user.id]);
    expect(rows[0]!.emailFrequency).toBeNull();
    expect(rows.map((r) => r.recipientId)).not.toContain(support.user.id);
    const [n] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'announcement'), eq(notifications.subjectId, a.id)));
    expect(n).toMatchObject({ link: `/announcements/${a.id}/`, subjectKind: 'announcement' });
  });

  it('one sent now is announced at once, by e-mail too when asked', async () => {
    const own = await makeStructure(db(), acme.org.id);
    const sales = await learnerIn('sales', own);
    const a = (
      await post(acme.admin, { audience: { departments: [own.sales.department.id] } })
    ).json();
    expect(await publishDue(t.app.ctx)).not.toContain(a.id);
    await t.app.ctx.jobs.drain();
    const rows = await notified(a.id);
    expect(rows).toEqual([{ recipientId: sales.user.id, emailFrequency: 'immediately' }]);
  });

  it('the publishing job is scheduled as a recurring chain', async () => {
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'announcements.publish'), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
  });

  it('once out, its audience and publish time are fixed (409); the rest still changes', async () => {
    const a = (await post(acme.admin, {})).json();
    const patch = (body: Record<string, unknown>) =>
      http.patch(`${URL}${a.id}/`, acme.admin.token, body);
    expect((await patch({ audience: { roles: [ROLE.LEARNER] } })).statusCode).toBe(409);
    expect((await patch({ publish_at: inHours(1).toISOString() })).statusCode).toBe(409);
    // The same values sent back are no change.
    expect((await patch({ audience: null, publish_at: a.publish_at })).statusCode).toBe(200);
    const changed = await patch({
      title: 'Changed',
      must_acknowledge: true,
      expires_at: inHours(5).toISOString(),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Changed', must_acknowledge: true });

    // A scheduled one may still move and change its audience.
    const later = (await post(acme.admin, { publish_at: inHours(3).toISOString() })).json();
    const moved = await http.patch(`${URL}${later.id}/`, acme.admin.token, {
      publish_at: inHours(4).toISOString(),
      audience: { roles: [ROLE.LEARNER] },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'scheduled', audience: { roles: [ROLE.LEARNER] } });
  });

  it('expired ones leave the inbox; their managers still see them', async () => {
    const learner = await learnerIn(null);
    const expired = await makeAnnouncement(db(), {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      publishAt: new Date(Date.now() - 2 * HOUR),
      expiresAt: new Date(Date.now() - HOUR),
    });
    const current = await makeAnnouncement(db(), {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
      expiresAt: inHours(1),
    });
    const seen = ids(await inbox(learner));
    expect(seen).toContain(current.id);
    expect(seen).not.toContain(expired.id);
    expect((await detail(learner, expired.id)).statusCode).toBe(404);
    const managed = await detail(acme.admin, expired.id);
    expect(managed.statusCode).toBe(200);
    expect(managed.json().state).toBe('expired');
    expect(
      ids(await http.get(`${URL}?scope=manage&state=expired&page_size=100`, acme.admin.token)),
    ).toContain(expired.id);
  });
});

describe('reading', () => {
  it('orders the inbox pinned, then unread, then newest; reading marks it read; counts the unread', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const reader = await signedInLearner(t, org.org.id);
    const make = (minutesAgo: number, extra: Parameters<typeof makeAnnouncement>[1] = {}) =>
      makeAnnouncement(db(), {
        organisationId: org.org.id,
        createdBy: org.admin.user.id,
        publishAt: new Date(Date.now() - minutesAgo * 60_000),
        ...extra,
      });
    const old = await make(50);
    const newer = await make(10);
    const pinned = await make(100, { pinned: true });
    const toAck = await make(30, { mustAcknowledge: true });
    const read = await make(5);
    await makeAnnouncementRead(db(), read.id, reader.user.id);

    expect(ids(await inbox(reader))).toEqual([pinned.id, newer.id, toAck.id, old.id, read.id]);
    const unread = async () => (await http.get(`${URL}unread/`, reader.token)).json();
    expect(await unread()).toEqual({ unread: 4, to_acknowledge: 1 });
    expect(ids(await inbox(reader, '&unread=true'))).toEqual([
      pinned.id,
      newer.id,
      toAck.id,
      old.id,
    ]);

    const opened = await detail(reader, old.id);
    expect(opened.json().read_at).not.toBeNull();
    expect(await unread()).toEqual({ unread: 3, to_acknowledge: 1 });
    // Reading again keeps the first reading.
    expect((await detail(reader, old.id)).json().read_at).toBe(opened.json().read_at);

    // Acknowledging: once; again 409; one that asks for none: 409.
    expect((await detail(reader, toAck.id)).json().abilities.acknowledge).toBe(true);
    const ack = await http.post(`${URL}${toAck.id}/acknowledge/`, reader.token, {});
    expect(ack.statusCode).toBe(200);
    expect(ack.json().acknowledged_at).not.toBeNull();
    expect(ack.json().abilities.acknowledge).toBe(false);
    expect((await http.post(`${URL}${toAck.id}/acknowledge/`, reader.token, {})).statusCode).toBe(
      409,
    );
    expect((await http.post(`${URL}${old.id}/acknowledge/`, reader.token, {})).statusCode).toBe(
      409,
    );
    expect(await unread()).toEqual({ unread: 2, to_acknowledge: 0 });
    expect(ids(await inbox(reader, '&search=zzz-none'))).toEqual([]);
  });

  it('paginates the inbox', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    for (let i = 0; i < 5; i++) {
      await makeAnnouncement(db(), { organisationId: org.org.id, createdBy: org.admin.user.id });
    }
    const first = await http.get(`${URL}?page_size=2`, org.learner.token);
    expect(first.json()).toMatchObject({ count: 5, previous: null });
    expect(first.json().results).toHaveLength(2);
    expect(first.json().next).toContain('page=2');
    const last = await http.get(`${URL}?page_size=2&page=3`, org.learner.token);
    expect(last.json().results).toHaveLength(1);
    expect(last.json().next).toBeNull();
  });
});

describe('the acknowledgement report', () => {
  it('lists every member of the audience with their reading; filters, searches, pages and exports', async () => {
    const org = await makeOrganisationWithStaff(t.database.db, t.config);
    const trainer2 = await signedIn(t, { organisationId: org.org.id, roleId: ROLE.TRAINER });
    const ann = (
      await http.post(URL, org.trainer.token, {
        title: 'Policy',
        body: '<p>Read the policy.</p>',
        must_acknowledge: true,
        audience: { roles: [ROLE.LEARNER] },
      })
    ).json();
    const learners = [org.learner];
    for (let i = 0; i < 2; i++) learners.push(await signedInLearner(t, org.org.id));
    const [a, b] = learners;
    await detail(a!, ann.id);
    await http.post(`${URL}${ann.id}/acknowledge/`, b!.token, {});

    const report = (q = '', who = org.trainer) =>
      http.get(`${URL}${ann.id}/acknowledgements/${q}`, who.token);
    const all = await report();
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    const byId = new Map(
      all.json().results.map((r: { user: { id: number } }) => [r.user.id, r] as const),
    );
    expect(byId.get(a!.user.id)).toMatchObject({ acknowledged_at: null });
    expect((byId.get(a!.user.id) as { read_at: string | null }).read_at).not.toBeNull();
    expect(byId.get(b!.user.id)).toMatchObject({ read_at: expect.any(String) });
    expect((byId.get(b!.user.id) as { acknowledged_at: string }).acknowledged_at).not.toBeNull();

    const acknowledged = (await report('?status=acknowledged')).json();
    expect(acknowledged.results.map((r: { user: { id: number } }) => r.user.id)).toEqual([
      b!.user.id,
    ]);
    expect((await report('?status=pending')).json().count).toBe(2);
    expect((await report(`?search=${encodeURIComponent(b!.user.email)}`)).json().count).toBe(1);
    const paged = (await report('?page_size=2')).json();
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain('page=2');

    // Figures on the announcement for its managers.
    const seen = (await detail(org.admin, ann.id)).json();
    expect(seen.stats).toEqual({ audience: 3, read: 2, acknowledged: 1 });
    // Another trainer, outside the audience, does not even see it; the admin manages it.
    expect((await report('', trainer2)).statusCode).toBe(404);
    expect((await report('', org.admin)).statusCode).toBe(200);

    const csv = await call(t.app, 'GET', `${URL}${ann.id}/acknowledgements/export/`, {
      token: org.trainer.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,E-mail,Department,Read at,Acknowledged at');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(b!.user.email))).toBe(true);
    expect(
      (
        await call(t.app, 'GET', `${URL}${ann.id}/acknowledgements/export/`, {
          token: trainer2.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
