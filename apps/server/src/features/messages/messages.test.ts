import { ROLE } from '@atrium/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { PDF, PNG } from '../../../test/factories/catalogue.ts';
import { makeCourse, makeEnrolment } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { conversations, messageAttachments, messages } from '../../schema/messages.table.ts';
import { SEND_PER_MINUTE } from './messages.routes.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let trainer: SignedIn;
let learner: SignedIn;
let classmate: SignedIn;
let stranger: SignedIn;

const C = '/api/messages/conversations/';
let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;
const rows = async (table: typeof messages | typeof conversations | typeof messageAttachments) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0]!.n);

async function direct(from: SignedIn, to: SignedIn) {
  const res = await http.post(`${C}direct/`, from.token, { user_id: to.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; participants: { id: number }[]; unread_count: number };
}
const send = (from: SignedIn, conversation: number, body: string, idempotency_key = key()) =>
  http.post(`${C}${conversation}/messages/`, from.token, { body, idempotency_key });

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  const org = { organisationId: acme.org.id };
  trainer = await signedIn(t, { ...org, roleId: ROLE.TRAINER });
  learner = await signedIn(t, { ...org, roleId: ROLE.LEARNER });
  classmate = await signedIn(t, { ...org, roleId: ROLE.LEARNER });
  stranger = await signedIn(t, { ...org, roleId: ROLE.LEARNER });
  const course = await makeCourse(t.database.db, { ...org, createdBy: trainer.user.id });
  await makeEnrolment(t.database.db, { course, userId: learner.user.id });
  await makeEnrolment(t.database.db, { course, userId: classmate.user.id });
}, 60_000);
afterAll(() => t?.close());

describe('conversations and messages', () => {
  it('sends, lists, counts unread and marks read', async () => {
    const conversation = await direct(learner, trainer);
    expect(conversation.participants.map((p) => p.id)).toEqual([trainer.user.id]);
    expect((await direct(trainer, learner)).id).toBe(conversation.id);

    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const sent = await send(learner, conversation.id, '<p>Hello <strong>there</strong></p>');
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ body: '<p>Hello <strong>there</strong></p>', attachments: [] });
    expect(publish).toHaveBeenCalledWith([trainer.user.id], {
      type: 'message.created',
      data: { message },
    });
    expect(publish).toHaveBeenCalledWith([trainer.user.id], {
      type: 'counters',
      data: { messages: 1 },
    });
    publish.mockRestore();

    expect((await http.get('/api/messages/unread/', trainer.token)).json()).toEqual({ count: 1 });
    expect((await http.get('/api/messages/unread/', learner.token)).json()).toEqual({ count: 0 });
    const list = (await http.get(C, trainer.token)).json();
    expect(list.results[0]).toMatchObject({
      id: conversation.id,
      unread_count: 1,
      last_message: { id: message.id, preview: 'Hello there', sender_id: learner.user.id },
    });
    const thread = (await http.get(`${C}${conversation.id}/messages/`, trainer.token)).json();
    expect(thread.results.map((m: { id: number }) => m.id)).toEqual([message.id]);

    const pushed = vi.spyOn(t.app.ctx.realtime, 'publish');
    const read = await http.post(`${C}${conversation.id}/read/`, trainer.token, undefined);
    expect(read.json()).toEqual({ count: 0 });
    expect(pushed).toHaveBeenCalledWith([trainer.user.id], {
      type: 'counters',
      data: { messages: 0 },
    });
    pushed.mockRestore();
    expect((await http.get(`${C}${conversation.id}/`, trainer.token)).json().unread_count).toBe(0);
  });

  it('answers a retried send with the first message and stores it once', async () => {
    const conversation = await direct(learner, classmate);
    const k = key();
    const before = await rows(messages);
    const first = await send(learner, conversation.id, 'Once', k);
    const again = await send(learner, conversation.id, 'Once', k);
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await rows(messages)).toBe(before + 1);
  });

  it('pages a thread by cursor, newest first, and searches within it', async () => {
    const conversation = await direct(acme.admin, stranger);
    for (const word of ['apple', 'banana', 'cherry']) await send(acme.admin, conversation.id, word);
    const url = `${C}${conversation.id}/messages/`;
    const first = await call(t.app, 'GET', url, { token: stranger.token, query: { limit: '2' } });
    const page = first.json();
    expect(page.results.map((m: { body: string }) => m.body)).toEqual(['cherry', 'banana']);
    const second = (
      await call(t.app, 'GET', url, {
        token: stranger.token,
        query: { limit: '2', cursor: page.next_cursor },
      })
    ).json();
    expect(second).toMatchObject({ next_cursor: null, results: [{ body: 'apple' }] });
    const found = await call(t.app, 'GET', url, {
      token: stranger.token,
      query: { search: 'NAN' },
    });
    expect(found.json().results.map((m: { body: string }) => m.body)).toEqual(['banana']);
    const bad = await call(t.app, 'GET', url, { token: stranger.token, query: { cursor: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('sanitises the HTML it stores', async () => {
    const conversation = await direct(learner, trainer);
    const res = await send(
      learner,
      conversation.id,
      '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(1)"> <a href="javascript:alert(1)">l</a></p>',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('<p>Hi <a rel="noopener noreferrer nofollow ugc">l</a></p>');
    expect((await send(learner, conversation.id, '<script>only</script>')).statusCode).toBe(400);
  });
});

describe('who may message whom', () => {
  it('refuses people out of reach with 403 and stores nothing', async () => {
    const before = [await rows(conversations), await rows(messages)];
    for (const [from, to] of [
      [learner, stranger],
      [trainer, stranger],
      [learner, acme.admin],
    ] as const) {
      expect((await http.post(`${C}direct/`, from.token, { user_id: to.user.id })).statusCode).toBe(
        403,
      );
    }
    const group = await http.post(C, learner.token, {
      participant_ids: [classmate.user.id, stranger.user.id],
      title: 'Study group',
    });
    expect(group.statusCode).toBe(403);
    expect([await rows(conversations), await rows(messages)]).toEqual(before);
  });

  it('lists the people the caller may message, as the policy decides', async () => {
    const names = async (who: SignedIn) =>
      (
        (await http.get('/api/messages/people/?page_size=100', who.token)).json().results as {
          id: number;
        }[]
      ).map((p) => p.id);
    const mine = await names(learner);
    expect(mine).toEqual(expect.arrayContaining([trainer.user.id, classmate.user.id]));
    expect(mine).not.toContain(stranger.user.id);
    expect(mine).not.toContain(acme.admin.user.id);
    expect(await names(acme.admin)).toContain(stranger.user.id);
    expect(await names(acme.admin)).not.toContain(globex.learner.user.id);
    for (const id of mine) {
      expect((await http.post(`${C}direct/`, learner.token, { user_id: id })).statusCode).toBe(200);
    }
  });

  it('keeps organisations apart', async () => {
    const conversation = await direct(acme.admin, acme.learner);
    const res = await http.post(`${C}direct/`, globex.admin.token, {
      user_id: acme.learner.user.id,
    });
    expect(res.statusCode).toBe(403);
    for (const who of [globex.admin, globex.superadmin]) {
      expect((await http.get(`${C}${conversation.id}/`, who.token)).statusCode).toBe(404);
      expect((await send(who, conversation.id, 'Hi')).statusCode).toBe(404);
    }
    expect((await http.get(C, globex.admin.token)).json().results).toEqual([]);
  });

  it('refuses sends between blocked people until unblocked', async () => {
    const conversation = await direct(trainer, classmate);
    const block = await call(t.app, 'PUT', `/api/messages/blocks/${classmate.user.id}/`, {
      token: trainer.token,
    });
    expect(block.json()).toEqual({ user_id: classmate.user.id, blocked: true });
    expect((await send(classmate, conversation.id, 'Hello?')).statusCode).toBe(403);
    expect((await send(trainer, conversation.id, 'Hello?')).statusCode).toBe(403);
    expect((await http.get(`${C}${conversation.id}/`, classmate.token)).json()).toMatchObject({
      blocked: false,
      blocked_by_other: true,
    });
    await http.del(`/api/messages/blocks/${classmate.user.id}/`, trainer.token);
    expect((await send(classmate, conversation.id, 'Hello?')).statusCode).toBe(201);
  });

  it('mutes a conversation out of the unread total', async () => {
    const conversation = await direct(classmate, learner);
    await http.post(`${C}${conversation.id}/read/`, learner.token, undefined);
    await send(classmate, conversation.id, 'ping');
    const unread = async () =>
      (await http.get('/api/messages/unread/', learner.token)).json().count;
    const before = await unread();
    await http.patch(`${C}${conversation.id}/`, learner.token, { muted: true });
    expect(await unread()).toBe(before - 1);
  });
});

describe('attachments', () => {
  const form = (name: string, content: Buffer, type: string) => [
    { name: 'body', value: '' },
    { name: 'idempotency_key', value: key() },
    { name: 'attachments', filename: name, content, type },
  ];

  it('stores a checked file and lets only participants download it', async () => {
    const conversation = await direct(learner, trainer);
    const res = await http.form(
      'POST',
      `${C}${conversation.id}/messages/`,
      learner.token,
      form('notes.pdf', PDF, 'application/pdf'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json().attachments;
    expect(file).toMatchObject({ name: 'notes.pdf', size: PDF.length });
    const got = await http.get(`/api/messages/attachments/${file.id}/`, trainer.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain('attachment; filename="notes.pdf"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    for (const who of [classmate, globex.admin]) {
      expect((await http.get(`/api/messages/attachments/${file.id}/`, who.token)).statusCode).toBe(
        404,
      );
    }
  });

  it('refuses a file that is not what its name says (415) or not allowed, storing nothing', async () => {
    const conversation = await direct(learner, trainer);
    const before = [await rows(messages), await rows(messageAttachments)];
    const url = `${C}${conversation.id}/messages/`;
    const fake = await http.form('POST', url, learner.token, form('photo.png', PDF, 'image/png'));
    expect(fake.statusCode).toBe(415);
    const exe = await http.form(
      'POST',
      url,
      learner.token,
      form('run.exe', PNG, 'application/octet-stream'),
    );
    expect(exe.statusCode).toBe(415);
    expect([await rows(messages), await rows(messageAttachments)]).toEqual(before);
  });
});

describe('send rate limit', () => {
  it(`answers 429 past ${SEND_PER_MINUTE} sends a minute`, async () => {
    const sender = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.ADMIN });
    const conversation = await direct(sender, learner);
    const before = await rows(messages);
    for (let i = 0; i < SEND_PER_MINUTE; i++) {
      expect((await send(sender, conversation.id, `m${i}`)).statusCode).toBe(201);
    }
    const refused = await send(sender, conversation.id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(await rows(messages)).toBe(before + SEND_PER_MINUTE);
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.bodyText, 'one too many'));
    expect(stored).toEqual([]);
  });
});
