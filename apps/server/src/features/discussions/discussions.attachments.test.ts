import { DISCUSSION_FILE_MAX_BYTES } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  enrolledLearner,
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  discussionTypesOf,
  EXE,
  makeCourse,
  PDF,
  PNG,
  storedFiles,
} from '../../../test/factories/index.ts';
import { api, type FormParts } from '../../../test/http.ts';
import { discussionAttachments, discussions } from '../../schema/discussions.table.ts';

/* A topic's files: stored with it or not at all, read by its readers only, always downloaded. */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let type: number;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  type = (await discussionTypesOf(t.database.db, acme.org.id)).question;
});
afterAll(() => t.close());

const fields = (over: Record<string, string> = {}): FormParts =>
  Object.entries({
    type: String(type),
    title: 'Minutes',
    body: '<p>See attached.</p>',
    ...over,
  }).map(([name, value]) => ({ name, value }));
const file = (filename: string, content: Buffer, name = 'files') => ({ name, filename, content });
const post = (who: SignedIn, parts: FormParts) =>
  http.form('POST', '/api/discussions/', who.token, parts);

const topicsOf = (who: SignedIn) =>
  t.database.db.select().from(discussions).where(eq(discussions.userId, who.user.id));

describe('attachments', () => {
  it('stores files with the topic; its readers download them, nobody else', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const learner = await enrolledLearner(t, course);
    const res = await post(learner, [
      ...fields({ scope: 'course', scope_id: String(course.id) }),
      file('minutes.pdf', PDF),
      file('plän.png', PNG),
      file('notes.txt', Buffer.from('Plain notes\n')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const topic = res.json();
    expect(topic.attachment_count).toBe(3);
    expect(topic.attachments.map((a: { name: string; mime: string }) => [a.name, a.mime])).toEqual([
      ['minutes.pdf', 'application/pdf'],
      ['plän.png', 'image/png'],
      ['notes.txt', 'text/plain; charset=utf-8'],
    ]);
    const [pdf, png] = topic.attachments as { id: number; url: string }[];
    expect(pdf!.url).toBe(`/api/discussions/attachments/${pdf!.id}/`);
    for (const who of [learner, acme.trainer, acme.admin]) {
      const got = await http.get(pdf!.url, who.token);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="minutes.pdf"; filename*=UTF-8''minutes.pdf`,
      );
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await http.get(png!.url, learner.token)).headers['content-disposition']).toContain(
      `filename="pl_n.png"; filename*=UTF-8''pl%C3%A4n.png`,
    );
    // Not in the course: nothing there; another organisation: nothing there.
    expect((await http.get(pdf!.url, acme.learner.token)).statusCode).toBe(404);
    expect((await http.get(pdf!.url, globex.admin.token)).statusCode).toBe(404);
    expect((await http.get('/api/discussions/attachments/999999/', learner.token)).statusCode).toBe(
      404,
    );

    // Deleting the topic deletes its files.
    const before = storedFiles(t).length;
    expect((await http.del(`/api/discussions/${topic.id}/`, learner.token)).statusCode).toBe(204);
    expect(storedFiles(t)).toHaveLength(before - 3);
  });

  it.each([
    ['a refused type', [file('a.pdf', PDF), file('tool.exe', EXE)], 415],
    ['bytes that are not what the name says', [file('a.pdf', PDF), file('fake.pdf', PNG)], 415],
    ['six files', Array.from({ length: 6 }, (_, i) => file(`f${i}.pdf`, PDF)), 400],
    ['a file in another field', [file('a.pdf', PDF, 'file')], 400],
  ] as const)('refuses %s and leaves nothing behind', async (_n, files, status) => {
    const who = await signedInLearner(t, acme.org.id);
    const before = storedFiles(t);
    const res = await post(who, [...fields(), ...files]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await topicsOf(who)).toEqual([]);
    expect(storedFiles(t)).toEqual(before);
  });

  it('a refused field or scope after the files deletes them too', async () => {
    const who = await signedInLearner(t, acme.org.id);
    const before = storedFiles(t);
    const attachmentsBefore = await t.database.db.select().from(discussionAttachments);
    for (const parts of [
      [file('a.pdf', PDF), ...fields({ title: ' ' })],
      [file('a.pdf', PDF), ...fields({ scope: 'course', scope_id: '999999' })],
      [file('a.pdf', PDF), ...fields({ body: '<script>x</script>' })],
    ]) {
      expect((await post(who, parts)).statusCode).toBe(400);
    }
    expect(await topicsOf(who)).toEqual([]);
    expect(storedFiles(t)).toEqual(before);
    expect(await t.database.db.select().from(discussionAttachments)).toEqual(attachmentsBefore);
  });

  it(`refuses a file over ${DISCUSSION_FILE_MAX_BYTES / 1024 / 1024} MB with 413`, async () => {
    const who = await signedInLearner(t, acme.org.id);
    const before = storedFiles(t);
    const big = Buffer.concat([PDF, Buffer.alloc(DISCUSSION_FILE_MAX_BYTES)]);
    const res = await post(who, [...fields(), file('big.pdf', big)]);
    expect(res.statusCode).toBe(413);
    expect(await topicsOf(who)).toEqual([]);
    expect(storedFiles(t)).toEqual(before);
  });
});
