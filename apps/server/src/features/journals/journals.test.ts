import { ROLE } from '@atrium/contract';
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
  enrol,
  makeBooking,
  makeClassroomSession,
  makeCourse,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/*
 * Journals and user planning over HTTP: CRUD, validation, the links an entry or goal may name,
 * who reads a shared entry (the course's or session's trainer, the organisation's admins; never
 * another learner nor another organisation), and goals on their owner's calendar only.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let otherTrainer: SignedIn;
let course: { id: number; organisationId: number };
let session: { id: number; organisationId: number };

const JOURNAL = '/api/report/journal/';
const entryUrl = (id: number) => `/api/report/update_journal/${id}/`;
const PLANNING = '/api/report/user_planning/';

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  const db = t.database.db;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  otherTrainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  course = await makeCourse(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
    title: 'Safety basics',
  });
  await enrol(db, course.id, acme.learner.user.id);
  ({ session } = await makeClassroomSession(db, {
    organisationId: acme.org.id,
    session: { trainerIds: [otherTrainer.user.id], title: 'Fire drill' },
  }));
  await makeBooking(db, session, acme.learner.user.id);
}, 60_000);
afterAll(() => t?.close());

describe('journal entries', () => {
  it('creates, lists, searches, edits and deletes my entries, sanitising the body', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const created = await http.post(JOURNAL, me.token, {
      title: 'Week one',
      body_html: '<p>Learnt <strong>a lot</strong></p><script>alert(1)</script>',
      went_well: 'Quizzes',
      to_improve: 'Time keeping',
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    expect(entry).toMatchObject({
      title: 'Week one',
      body_html: '<p>Learnt <strong>a lot</strong></p>',
      visibility: 'private',
      course: null,
      session: null,
      abilities: { edit: true, delete: true },
    });
    await http.post(JOURNAL, me.token, { title: 'Week two' });

    const all = (await http.get(JOURNAL, me.token)).json();
    expect(all.count).toBe(2);
    expect(all.results[0].title).toBe('Week two');
    const found = (await http.get(`${JOURNAL}?search=keeping`, me.token)).json();
    expect(found.results.map((e: { id: number }) => e.id)).toEqual([entry.id]);
    const paged = (await http.get(`${JOURNAL}?page_size=1`, me.token)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('page=2');

    const patched = await http.patch(entryUrl(entry.id), me.token, { title: 'Week 1' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().title).toBe('Week 1');
    expect((await http.get(entryUrl(entry.id), me.token)).json().title).toBe('Week 1');
    expect((await http.del(entryUrl(entry.id), me.token)).statusCode).toBe(204);
    expect((await http.get(entryUrl(entry.id), me.token)).statusCode).toBe(404);
  });

  it('answers 400 with field errors for bad input', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const blank = await http.post(JOURNAL, me.token, { title: ' ', visibility: 'public' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['title', 'visibility']);
    const markup = await http.post(JOURNAL, me.token, { title: '<b>x</b>' });
    expect(markup.statusCode).toBe(400);
    const extra = await http.post(JOURNAL, me.token, { title: 'x', user_id: 1 });
    expect(extra.statusCode).toBe(400);
    const created = (await http.post(JOURNAL, me.token, { title: 'x' })).json();
    expect((await http.patch(entryUrl(created.id), me.token, {})).statusCode).toBe(400);
  });

  it('links only my own courses and booked sessions of my organisation', async () => {
    const learner = acme.learner;
    const links = (await http.get(`${JOURNAL}links/`, learner.token)).json();
    expect(links.courses).toEqual([{ id: course.id, title: 'Safety basics' }]);
    expect(links.sessions.map((s: { id: number }) => s.id)).toEqual([session.id]);

    const stranger = await signedInLearner(t, acme.org.id);
    const notMine = await http.post(JOURNAL, stranger.token, { title: 'x', course_id: course.id });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors.course_id).toBeDefined();
    const notBooked = await http.post(JOURNAL, stranger.token, {
      title: 'x',
      session_id: session.id,
    });
    expect(notBooked.json().errors.session_id).toBeDefined();
    const outsider = await http.post(JOURNAL, globex.learner.token, {
      title: 'x',
      course_id: course.id,
    });
    expect(outsider.statusCode).toBe(400);

    const ok = await http.post(JOURNAL, learner.token, {
      title: 'Linked',
      course_id: course.id,
      session_id: session.id,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().course).toEqual({ id: course.id, title: 'Safety basics' });
    expect(ok.json().session).toMatchObject({ id: session.id, title: 'Fire drill' });
  });

  it('shows shared entries to their trainers and the admins, private ones to nobody', async () => {
    const learner = acme.learner;
    const shared = (
      await http.post(JOURNAL, learner.token, {
        title: 'Shared about the course',
        course_id: course.id,
        visibility: 'shared_with_trainer',
      })
    ).json();
    const sharedSession = (
      await http.post(JOURNAL, learner.token, {
        title: 'Shared about the session',
        session_id: session.id,
        visibility: 'shared_with_trainer',
      })
    ).json();
    const secret = (
      await http.post(JOURNAL, learner.token, { title: 'Private', course_id: course.id })
    ).json();

    // The course's author sees the course entry; the session's trainer the session entry.
    const forTrainer = (await http.get(`${JOURNAL}shared/`, acme.trainer.token)).json();
    expect(forTrainer.results.map((e: { id: number }) => e.id)).toEqual([shared.id]);
    expect(forTrainer.results[0].abilities).toEqual({ edit: false, delete: false });
    const forSessionTrainer = (await http.get(`${JOURNAL}shared/`, otherTrainer.token)).json();
    expect(forSessionTrainer.results.map((e: { id: number }) => e.id)).toEqual([sharedSession.id]);
    expect((await http.get(entryUrl(shared.id), acme.trainer.token)).statusCode).toBe(200);
    expect((await http.get(entryUrl(shared.id), otherTrainer.token)).statusCode).toBe(404);
    expect((await http.get(entryUrl(sharedSession.id), otherTrainer.token)).statusCode).toBe(200);

    // Admins see every shared one of their organisation.
    const forAdmin = (await http.get(`${JOURNAL}shared/`, acme.admin.token)).json();
    const adminIds = forAdmin.results.map((e: { id: number }) => e.id);
    expect(adminIds).toEqual(expect.arrayContaining([shared.id, sharedSession.id]));
    expect(adminIds).not.toContain(secret.id);

    // Private: nobody but the author, not even the course's trainer or an admin.
    for (const who of [acme.trainer, acme.admin]) {
      expect((await http.get(entryUrl(secret.id), who.token)).statusCode).toBe(404);
    }
    // Readers never write: a trainer cannot change or delete a shared entry.
    expect(
      (await http.patch(entryUrl(shared.id), acme.trainer.token, { title: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await http.del(entryUrl(shared.id), acme.admin.token)).statusCode).toBe(404);

    // Another learner, and every one of another organisation, sees nothing.
    const peer = await signedInLearner(t, acme.org.id);
    expect((await http.get(`${JOURNAL}shared/`, peer.token)).json().count).toBe(0);
    for (const who of [peer, globex.admin, globex.trainer, globex.learner]) {
      for (const id of [shared.id, secret.id]) {
        expect((await http.get(entryUrl(id), who.token)).statusCode).toBe(404);
        expect((await http.patch(entryUrl(id), who.token, { title: 'x' })).statusCode).toBe(404);
        expect((await http.del(entryUrl(id), who.token)).statusCode).toBe(404);
      }
    }
    expect((await http.get(`${JOURNAL}shared/`, globex.admin.token)).json().count).toBe(0);
    expect((await http.get(JOURNAL, peer.token)).json().count).toBe(0);
  });
});

describe('user planning', () => {
  it('creates, filters, changes and deletes my goals', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const a = await http.post(PLANNING, me.token, {
      title: 'Finish safety',
      target_date: '2030-05-01',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ status: 'planned', target_date: '2030-05-01', course: null });
    const b = (
      await http.post(PLANNING, me.token, { title: 'Read more', status: 'in_progress' })
    ).json();
    const list = (await http.get(PLANNING, me.token)).json();
    expect(list.results.map((g: { id: number }) => g.id)).toEqual([a.json().id, b.id]);
    const doing = (await http.get(`${PLANNING}?status=in_progress`, me.token)).json();
    expect(doing.results.map((g: { id: number }) => g.id)).toEqual([b.id]);
    const done = await http.patch(`${PLANNING}${b.id}/`, me.token, { status: 'done' });
    expect(done.json().status).toBe('done');
    expect((await http.del(`${PLANNING}${b.id}/`, me.token)).statusCode).toBe(204);
    expect((await http.get(PLANNING, me.token)).json().count).toBe(1);
  });

  it('validates goals and keeps them to their owner', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const bad = await http.post(PLANNING, me.token, {
      title: '',
      target_date: '2030-02-30',
      status: 'someday',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['status', 'target_date', 'title']);
    expect((await http.get(`${PLANNING}?status=nope`, me.token)).statusCode).toBe(400);
    const course400 = await http.post(PLANNING, me.token, { title: 'x', course_id: course.id });
    expect(course400.json().errors.course_id).toBeDefined();
    const linked = await http.post(PLANNING, acme.learner.token, {
      title: 'Course goal',
      course_id: course.id,
    });
    expect(linked.json().course).toEqual({ id: course.id, title: 'Safety basics' });

    const goal = (await http.post(PLANNING, me.token, { title: 'Mine' })).json();
    for (const who of [acme.learner, acme.admin, acme.trainer, globex.admin, globex.learner]) {
      expect(
        (await http.patch(`${PLANNING}${goal.id}/`, who.token, { title: 'x' })).statusCode,
      ).toBe(404);
      expect((await http.del(`${PLANNING}${goal.id}/`, who.token)).statusCode).toBe(404);
    }
  });

  it('puts dated goals on their owner’s calendar only', async () => {
    const me = await signedInLearner(t, acme.org.id);
    const goal = (
      await http.post(PLANNING, me.token, { title: 'Calendar goal', target_date: '2031-03-15' })
    ).json();
    await http.post(PLANNING, me.token, {
      title: 'Dropped',
      target_date: '2031-03-16',
      status: 'dropped',
    });
    await http.post(PLANNING, me.token, { title: 'Undated' });
    const range = '?from=2031-03-01&to=2031-03-31&kinds=goal';
    const mine = await http.get(`/api/calendar/${range}`, me.token);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items;
    expect(items).toEqual([
      expect.objectContaining({
        id: `goal:${goal.id}`,
        kind: 'goal',
        title: 'Calendar goal',
        all_day: true,
        starts_at: '2031-03-15T00:00:00.000Z',
      }),
    ]);
    const outside = await http.get(
      '/api/calendar/?from=2031-04-01&to=2031-04-30&kinds=goal',
      me.token,
    );
    expect(outside.json().items).toEqual([]);
    for (const who of [acme.admin, acme.learner, globex.admin]) {
      const theirs = (await http.get(`/api/calendar/${range}`, who.token)).json();
      expect(theirs.items).toEqual([]);
    }
  });
});
