import { QUESTION_TYPES, ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import {
  makeAssessment,
  makeQuestion,
  makeQuestionCategory,
  SAMPLE_DEFINITIONS,
} from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { questions, questionVersions } from '../../schema/assessments.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { markVersionsUsed } from './index.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let trainer2: SignedIn;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  trainer2 = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  a = api(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const BANK = '/api/assessment/question/bank/';
const one = (id: number) => `/api/assessment/question/bank/${id}/`;
const versionsOf = (id: number) =>
  db().select().from(questionVersions).where(eq(questionVersions.questionId, id));

describe('writing questions', () => {
  it.each(QUESTION_TYPES)('a trainer writes a %s question (version 1)', async (type) => {
    const res = await a.post(BANK, acme.trainer.token, {
      title: `A ${type}`,
      tags: ['Safety', 'safety ', 'Induction'],
      definition: SAMPLE_DEFINITIONS[type],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type,
      title: `A ${type}`,
      tags: ['safety', 'induction'],
      status: 'active',
      version: 1,
      used: false,
      created_by: { id: acme.trainer.user.id },
      abilities: { edit: true, delete: true },
      definition: { type, stem: SAMPLE_DEFINITIONS[type].stem },
    });
  });

  it('sanitises every rich field; a stem of markup only is a field error', async () => {
    const res = await a.post(BANK, acme.trainer.token, {
      title: 'Hostile',
      definition: {
        ...SAMPLE_DEFINITIONS.single_choice,
        stem: '<p onclick="x()">Pick <script>alert(1)</script><b>one</b></p>',
        feedback: { general: '<img src=x onerror=alert(1)>Read again', correct: '', incorrect: '' },
        options: [
          { id: 'a', text: '<a href="javascript:alert(1)">Yes</a>', correct: true },
          { id: 'b', text: 'No' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const def = res.json().definition;
    expect(def.stem).toBe('<p>Pick <b>one</b></p>');
    expect(def.feedback.general).toBe('Read again');
    expect(def.options[0].text).toMatch(/^<a[^>]*>Yes<\/a>$/);
    expect(def.options[0].text).not.toContain('javascript');
    const [v] = await versionsOf(res.json().id);
    expect(v!.stem).toBe('Pick one');

    const blank = await a.post(BANK, acme.trainer.token, {
      title: 'Blank',
      definition: { ...SAMPLE_DEFINITIONS.true_false, stem: '<script>alert(1)</script>' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty(['definition.stem']);
  });

  it.each([
    [
      'single_choice',
      {
        options: [
          { id: 'a', text: 'x', correct: true },
          { id: 'b', text: 'y', correct: true },
        ],
      },
      'definition.options',
    ],
    [
      'multiple_choice',
      {
        options: [
          { id: 'a', text: 'x' },
          { id: 'b', text: 'y' },
        ],
      },
      'definition.options',
    ],
    ['true_false', { correct: 'yes' }, 'definition.correct'],
    ['short_answer', { accepted: [] }, 'definition.accepted'],
    ['numeric', { tolerance: -1 }, 'definition.tolerance'],
    [
      'matching',
      {
        premises: [
          { id: 'p1', text: 'x', response: 'zz' },
          { id: 'p2', text: 'y', response: 'r2' },
        ],
      },
      'definition.premises.0.response',
    ],
    ['ordering', { items: [{ id: 'a', text: 'x' }] }, 'definition.items'],
    ['fill_in_blanks', { text: '<p>No blank here</p>' }, 'definition.blanks.0.id'],
    ['essay', { rubric: [{ id: 'c1', title: 'Clarity', points: 1 }] }, 'definition.rubric'],
    ['file_upload', { allowed_types: [] }, 'definition.allowed_types'],
  ] as const)(
    'a bad %s definition is a 400 naming %s; nothing stored',
    async (type, bad, field) => {
      const title = `Bad ${type}`;
      const res = await a.post(BANK, acme.trainer.token, {
        title,
        definition: { ...SAMPLE_DEFINITIONS[type], ...bad },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors, res.body).toHaveProperty([field]);
      expect(await db().select().from(questions).where(eq(questions.title, title))).toEqual([]);
    },
  );

  it('refuses an unknown type, an unknown field, markup in the title and another organisation’s category', async () => {
    const theirs = await makeQuestionCategory(db(), { organisationId: globex.org.id });
    const cases = [
      [
        { title: 'x', definition: { ...SAMPLE_DEFINITIONS.essay, type: 'poll' } },
        'definition.type',
      ],
      [{ title: '<b>x</b>', definition: SAMPLE_DEFINITIONS.essay }, 'title'],
      [{ title: 'x', definition: SAMPLE_DEFINITIONS.essay, category: theirs.id }, 'category'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await a.post(BANK, acme.admin.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors, res.body).toHaveProperty([field]);
    }
    // The organisation is the one signed in to, never the body's (an unknown key at the top).
    const planted = await a.post(BANK, acme.admin.token, {
      title: 'x',
      definition: SAMPLE_DEFINITIONS.essay,
      organisation: globex.org.id,
    });
    expect(planted.statusCode).toBe(400);
    expect(planted.json().non_field_errors.join()).toContain('organisation');
  });
});

describe('versions', () => {
  const create = async () => {
    const res = await a.post(BANK, acme.trainer.token, {
      title: 'Versioned',
      definition: SAMPLE_DEFINITIONS.short_answer,
    });
    return res.json().id as number;
  };
  const edit = (id: number, accepted: string[]) =>
    a.put(one(id), acme.trainer.token, {
      definition: { ...SAMPLE_DEFINITIONS.short_answer, accepted },
    });

  it('an unanswered version is replaced in place', async () => {
    const id = await create();
    const res = await edit(id, ['Lutetia']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, definition: { accepted: ['Lutetia'] } });
    expect(await versionsOf(id)).toHaveLength(1);
  });

  it('an answered version is never changed: the edit becomes version 2, the old stays readable', async () => {
    const id = await create();
    const [v1] = await versionsOf(id);
    await markVersionsUsed(db(), [v1!.id]);
    const res = await edit(id, ['Paris, France']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, used: false });
    const [old] = await db()
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, id), eq(questionVersions.version, 1)));
    expect(old!.definition).toMatchObject({ accepted: ['Paris'] });
    expect(old!.usedAt).not.toBeNull();
    // Version 2 is a draft again until answered: a second edit replaces it.
    expect((await edit(id, ['Paree'])).json()).toMatchObject({ version: 2 });
    const list = await a.get(`${one(id)}versions/`, acme.admin.token);
    expect(list.json()).toMatchObject({
      count: 2,
      results: [
        { version: 2, current: true, used: false, definition: { accepted: ['Paree'] } },
        { version: 1, current: false, used: true, definition: { accepted: ['Paris'] } },
      ],
    });
    // Saving the same definition again is no change, even once version 2 is answered.
    const [, v2] = (await versionsOf(id)).sort((x, y) => x.version - y.version);
    await markVersionsUsed(db(), [v2!.id]);
    expect((await edit(id, ['Paree'])).json()).toMatchObject({ version: 2, used: true });
    // A title or tag change alone makes no version.
    expect((await a.put(one(id), acme.trainer.token, { tags: ['geo'] })).json().version).toBe(2);
  });

  it('an answered question keeps its type', async () => {
    const id = await create();
    const [v1] = await versionsOf(id);
    await markVersionsUsed(db(), [v1!.id]);
    const res = await a.put(one(id), acme.trainer.token, { definition: SAMPLE_DEFINITIONS.essay });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['definition.type']);
    expect(await versionsOf(id)).toHaveLength(1);
  });
});

describe('removing', () => {
  it('deletes a question never answered, archives an answered one; both audited', async () => {
    const fresh = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const used = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      used: true,
    });
    expect((await a.del(one(fresh.id), acme.trainer.token)).json()).toEqual({ result: 'deleted' });
    expect(await db().select().from(questions).where(eq(questions.id, fresh.id))).toEqual([]);
    expect((await a.del(one(used.id), acme.admin.token)).json()).toEqual({ result: 'archived' });
    expect((await a.get(one(used.id), acme.admin.token)).json()).toMatchObject({
      status: 'archived',
    });
    expect(await versionsOf(used.id)).toHaveLength(1);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organisationId, acme.org.id));
    expect(audited.map((e) => e.action)).toEqual(
      expect.arrayContaining(['question.deleted', 'question.archived']),
    );
    // Restored by an edit of its status.
    const back = await a.put(one(used.id), acme.admin.token, { status: 'active' });
    expect(back.json()).toMatchObject({ status: 'active' });
  });

  it('refuses to delete a question placed in an assessment, naming it; archiving still works', async () => {
    const q = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    await makeAssessment(db(), {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      questionIds: [q.id],
      title: 'Fire drill',
    });
    const res = await a.del(one(q.id), acme.trainer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('“Fire drill”');
    expect(await db().select().from(questions).where(eq(questions.id, q.id))).toHaveLength(1);
    const archived = await a.put(one(q.id), acme.trainer.token, { status: 'archived' });
    expect(archived.json()).toMatchObject({ status: 'archived' });
  });
});

describe('who may', () => {
  it('learners never reach the bank (403); another organisation’s question is a 404', async () => {
    const q = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    expect((await a.get(BANK, acme.learner.token)).statusCode).toBe(403);
    expect((await a.get(one(q.id), acme.learner.token)).statusCode).toBe(403);
    const body = { title: 'x', definition: SAMPLE_DEFINITIONS.essay };
    expect((await a.post(BANK, acme.learner.token, body)).statusCode).toBe(403);
    for (const who of [globex.admin, globex.trainer]) {
      expect((await a.get(one(q.id), who.token)).statusCode).toBe(404);
      expect((await a.put(one(q.id), who.token, { title: 'Planted' })).statusCode).toBe(404);
      expect((await a.del(one(q.id), who.token)).statusCode).toBe(404);
      expect((await a.get(`${one(q.id)}versions/`, who.token)).statusCode).toBe(404);
    }
    const [row] = await db().select().from(questions).where(eq(questions.id, q.id));
    expect(row!.title).toBe(q.title);
  });

  it('a trainer reads a colleague’s question but changes only their own; admins change any', async () => {
    const q = await makeQuestion(db(), {
      organisationId: acme.org.id,
      createdBy: trainer2.user.id,
    });
    const read = await a.get(one(q.id), acme.trainer.token);
    expect(read.json()).toMatchObject({ abilities: { edit: false, delete: false } });
    expect((await a.put(one(q.id), acme.trainer.token, { title: 'Mine now' })).statusCode).toBe(
      403,
    );
    expect((await a.del(one(q.id), acme.trainer.token)).statusCode).toBe(403);
    expect((await a.put(one(q.id), trainer2.token, { title: 'Still mine' })).statusCode).toBe(200);
    const admin = await a.put(one(q.id), acme.admin.token, { title: 'Admin edit' });
    expect(admin.json()).toMatchObject({
      title: 'Admin edit',
      updated_by: { id: acme.admin.user.id },
    });
  });
});
