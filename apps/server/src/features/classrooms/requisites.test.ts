import type { TRequisite } from '@atrium/contract';
import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  EXE,
  enrol,
  makeClass,
  makeClassroom,
  makeClassroomSession,
  makeCourse,
  makeSession,
  makeTopic,
  PDF,
  PNG,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { classroomRequisites, classrooms } from '../../schema/classrooms.table.ts';
import { missingPreRequisites } from './requisites.repository.ts';

/*
 * Requisites: a course or a document before or after a topic or a session. Managers add, change
 * and delete them; learners read them, download documents and mark them read; "done" follows the
 * course's completion or the mark; a required pre-requisite left undone is what booking checks.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const ADD = '/api/classroom/pre_post_requisite/';
const UPLOAD = '/api/classrooms/upload-requisites/';
const LIST = '/api/classrooms/requisites/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

const fixture = () => makeClassroomSession(db(), { organisationId: acme.org.id });

const upload = (token: string, fields: Record<string, string>, name: string, content: Buffer) =>
  http.form('POST', UPLOAD, token, [
    ...Object.entries(fields).map(([k, v]) => ({ name: k, value: v })),
    { name: 'file', filename: name, content },
  ]);

describe('course requisites', () => {
  it('an admin adds one to a topic; the learner sees it undone until the course is completed', async () => {
    const { topic, session } = await fixture();
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    const res = await http.post(ADD, acme.admin.token, {
      topic: topic.id,
      kind: 'pre',
      title: 'Read the basics',
      course: course.id,
      required: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TRequisite;
    expect(r).toMatchObject({ topic: topic.id, session: null, source: 'course', required: true });
    expect(r.course).toEqual({ id: course.id, title: course.title });

    const learner = await signedInLearner(t, acme.org.id);
    const list = async () =>
      (await http.get(`${LIST}?session_id=${session.id}`, learner.token)).json() as TRequisite[];
    expect((await list()).map((x) => [x.id, x.done])).toEqual([[r.id, false]]);
    expect(await missingPreRequisites(db(), session.id, learner.user.id)).toEqual([
      { id: r.id, title: 'Read the basics' },
    ]);
    await enrol(db(), course.id, learner.user.id, 'completed');
    expect((await list())[0]!.done).toBe(true);
    expect(await missingPreRequisites(db(), session.id, learner.user.id)).toEqual([]);
  });

  it('refuses a course of another organisation, naming the course', async () => {
    const { session } = await fixture();
    const foreign = await makeCourse(db(), { organisationId: globex.org.id });
    const res = await http.post(ADD, acme.admin.token, {
      session: session.id,
      kind: 'post',
      title: 'Elsewhere',
      course: foreign.id,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['course']);
  });

  it('wants exactly one of topic and session', async () => {
    const { session, topic } = await fixture();
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    const both = await http.post(ADD, acme.admin.token, {
      session: session.id,
      topic: topic.id,
      kind: 'pre',
      title: 'x',
      course: course.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.topic).toBeDefined();
  });

  it('managers only: a learner 403 at the route, another trainer 403, another organisation 404', async () => {
    const { session } = await fixture();
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    const body = { session: session.id, kind: 'pre', title: 'x', course: course.id };
    expect((await http.post(ADD, acme.learner.token, body)).statusCode).toBe(403);
    // acme.trainer did not create this classroom (the factory made another trainer its author).
    expect((await http.post(ADD, acme.trainer.token, body)).statusCode).toBe(403);
    const res = await http.post(ADD, globex.admin.token, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found.');
    expect(
      await db()
        .select()
        .from(classroomRequisites)
        .where(eq(classroomRequisites.sessionId, session.id)),
    ).toEqual([]);
  });

  it('PATCH changes title, kind and required; DELETE removes it', async () => {
    const { session } = await fixture();
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    const r = (
      await http.post(ADD, acme.admin.token, {
        session: session.id,
        kind: 'pre',
        title: 'Before',
        course: course.id,
      })
    ).json() as TRequisite;
    const url = `/api/classrooms/update-requisites/${r.id}/`;
    expect((await http.patch(url, acme.learner.token, { title: 'x' })).statusCode).toBe(403);
    expect((await http.patch(url, globex.admin.token, { title: 'x' })).statusCode).toBe(404);
    const res = await http.patch(url, acme.admin.token, {
      title: 'After',
      kind: 'post',
      required: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'After', kind: 'post', required: true });
    expect((await http.del(url, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(url, acme.admin.token)).statusCode).toBe(204);
    expect((await http.get(`${LIST}?session_id=${session.id}`, acme.admin.token)).json()).toEqual(
      [],
    );
  });
});

describe('document requisites', () => {
  it('uploads a PDF; a learner downloads it as an attachment and marks it read', async () => {
    const { session } = await fixture();
    const res = await upload(
      acme.admin.token,
      { session: String(session.id), kind: 'pre', title: 'Safety sheet', required: 'true' },
      'safety.pdf',
      PDF,
    );
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TRequisite;
    expect(r).toMatchObject({
      source: 'file',
      file_name: 'safety.pdf',
      required: true,
      done: false,
    });

    const learner = await signedInLearner(t, acme.org.id);
    expect(await missingPreRequisites(db(), session.id, learner.user.id)).toHaveLength(1);
    const file = await http.get(`/api/classrooms/requisites/${r.id}/file/`, learner.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="safety.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const done = await http.post(`/api/classrooms/requisites/${r.id}/done/`, learner.token, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().done).toBe(true);
    // Twice is harmless.
    expect(
      (await http.post(`/api/classrooms/requisites/${r.id}/done/`, learner.token, {})).statusCode,
    ).toBe(200);
    expect(await missingPreRequisites(db(), session.id, learner.user.id)).toEqual([]);
    // Another organisation's members do not see it.
    expect(
      (await http.get(`/api/classrooms/requisites/${r.id}/file/`, globex.learner.token)).statusCode,
    ).toBe(404);
    expect(
      (await http.get(`${LIST}?session_id=${session.id}`, globex.admin.token)).statusCode,
    ).toBe(404);
  });

  it('refuses an executable renamed .pdf, and a type not on the list, storing nothing', async () => {
    const { session } = await fixture();
    const fields = { session: String(session.id), kind: 'pre', title: 'Bad' };
    expect((await upload(acme.admin.token, fields, 'sheet.pdf', EXE)).statusCode).toBe(415);
    expect((await upload(acme.admin.token, fields, 'tool.exe', EXE)).statusCode).toBe(415);
    expect((await upload(acme.admin.token, fields, 'pic.jpg', PNG)).statusCode).toBe(415);
    expect(
      await db()
        .select()
        .from(classroomRequisites)
        .where(eq(classroomRequisites.sessionId, session.id)),
    ).toEqual([]);
  });

  it('a PNG is fine; bad fields after the file leave nothing stored', async () => {
    const { topic } = await fixture();
    const ok = await upload(
      acme.admin.token,
      { topic: String(topic.id), kind: 'post', title: 'Map' },
      'map.png',
      PNG,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await upload(
      acme.admin.token,
      { topic: String(topic.id), kind: 'later', title: 'Map' },
      'map.png',
      PNG,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.kind).toBeDefined();
    const noFile = await http.form('POST', UPLOAD, acme.admin.token, [
      { name: 'topic', value: String(topic.id) },
      { name: 'kind', value: 'pre' },
      { name: 'title', value: 'x' },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBeDefined();
  });

  it('a course requisite cannot be marked read', async () => {
    const { session } = await fixture();
    const course = await makeCourse(db(), { organisationId: acme.org.id });
    const r = (
      await http.post(ADD, acme.admin.token, {
        session: session.id,
        kind: 'pre',
        title: 'c',
        course: course.id,
      })
    ).json() as TRequisite;
    const res = await http.post(`/api/classrooms/requisites/${r.id}/done/`, acme.learner.token, {});
    expect(res.statusCode).toBe(400);
  });

  it('a learner does not see the requisites of an unpublished classroom', async () => {
    const { topic, classroom } = await fixture();
    await db().update(classrooms).set({ status: 'draft' }).where(eq(classrooms.id, classroom.id));
    expect((await http.get(`${LIST}?topic_id=${topic.id}`, acme.learner.token)).statusCode).toBe(
      404,
    );
    expect((await http.get(`${LIST}?topic_id=${topic.id}`, acme.trainer.token)).statusCode).toBe(
      200,
    );
  });

  it('the classroom’s creating trainer manages its requisites', async () => {
    const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const classroom = await makeClassroom(db(), {
      organisationId: acme.org.id,
      createdBy: trainer.user.id,
    });
    const cls = await makeClass(db(), { classroomId: classroom.id, organisationId: acme.org.id });
    const topic = await makeTopic(db(), cls);
    await makeSession(db(), topic);
    const res = await upload(
      trainer.token,
      { topic: String(topic.id), kind: 'pre', title: 'Notes' },
      'notes.txt',
      Buffer.from('Read me.\n'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const list = await call(t.app, 'GET', LIST, {
      token: trainer.token,
      query: { topic_id: String(topic.id) },
    });
    expect(list.json()).toHaveLength(1);
  });
});
