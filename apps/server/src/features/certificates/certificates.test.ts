import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/catalogue.ts';
import { api, call } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import { certificates } from '../../schema/certificates.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';
import { notificationsModule } from '../notifications/index.ts';
import { certificateJobs, issue } from './certificates.issue.ts';

/*
 * Templates and assignments through the API, issuance exactly once (concurrent duplicates),
 * recertification, expiry, the PDF (text, fonts, hash), revocation, re-issue and verification.
 */

let t: TestApp;
let o: Staff;
let courseId: number;
let templateId: number;
const db = () => t.database.db;
const http = () => api(t);
const ctx = () => t.app.ctx;
const render = (certificateId: number) =>
  certificateJobs[0]!.handle(ctx(), { certificateId } as never);

const FIELDS = {
  learner: true,
  achievement: true,
  date: true,
  score: true,
  hours: true,
  expiry: true,
  signatures: true,
  code: true,
  qr: true,
};

beforeAll(async () => {
  t = await createTestApp();
  o = await makeOrganisationWithStaff(db(), t.config);
  courseId = (await makeCourse(db(), { organisationId: o.org.id, title: 'Fire Safety' })).id;
  const res = await http().post('/api/certificates/templates/', o.admin.token, {
    name: 'Standard',
    fields: FIELDS,
    signatures: [{ name: 'Dana Director', title: 'Director' }],
    validity_months: 12,
  });
  expect(res.statusCode).toBe(201);
  templateId = res.json().id;
  const assign = await call(t.app, 'PUT', '/api/certificates/assignments/', {
    token: o.admin.token,
    body: {
      kind: 'course',
      achievement_id: courseId,
      achievement_name: 'Fire Safety',
      template_id: templateId,
      hours: 3,
    },
  });
  expect(assign.statusCode).toBe(200);
});
afterAll(() => t.close());

const learnerIssue = async (userId: number, over: Partial<Parameters<typeof issue>[1]> = {}) =>
  issue(ctx(), {
    organisationId: o.org.id,
    userId,
    kind: 'course',
    achievementId: courseId,
    cycle: 0,
    score: null,
    at: new Date(),
    ...over,
  });

describe('issuance', () => {
  it('issues exactly once under concurrent duplicate deliveries, and raises one event', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const seen: number[] = [];
    const stop = ctx().bus.subscribe('certificate.issued', (p) => {
      if (p.userId === learner.user.id) seen.push(p.certificateId);
    });
    const ids = await Promise.all([1, 2, 3, 4].map(() => learnerIssue(learner.user.id)));
    stop?.();
    const rows = await db()
      .select()
      .from(certificates)
      .where(eq(certificates.userId, learner.user.id));
    expect(rows).toHaveLength(1);
    expect(ids.filter((id) => id !== null)).toEqual([rows[0]!.id]);
    expect(seen).toEqual([rows[0]!.id]);
    expect(rows[0]!.code).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    );
    expect(rows[0]!.achievementName).toBe('Fire Safety');
  });

  it('tells the learner (certificate_issued), once however often the event is delivered', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const id = (await learnerIssue(learner.user.id))!;
    const [event] = await db()
      .select()
      .from(eventOutbox)
      .where(eq(eventOutbox.name, 'certificate.issued'))
      .orderBy(desc(eventOutbox.id))
      .limit(1);
    expect((event!.payload as { certificateId: number }).certificateId).toBe(id);
    const notify = notificationsModule.subscribers!.find(
      (s) => s.name === 'notify-certificate-issued',
    )!;
    const meta = { eventId: event!.id, occurredAt: new Date() };
    await notify.handle(ctx(), event!.payload as never, meta);
    await notify.handle(ctx(), event!.payload as never, meta);
    const rows = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, learner.user.id),
          eq(notifications.type, 'certificate_issued'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('issues nothing for an achievement with no template and no default', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const other = await makeCourse(db(), { organisationId: o.org.id });
    expect(await learnerIssue(learner.user.id, { achievementId: other.id })).toBeNull();
  });

  it('a recertification replaces the earlier certificate', async () => {
    const learner = await signedInLearner(t, o.org.id);
    await call(t.app, 'PUT', '/api/certificates/assignments/', {
      token: o.admin.token,
      body: { kind: 'default', template_id: templateId },
    });
    const first = await learnerIssue(learner.user.id, {
      kind: 'learning_path',
      achievementId: 77,
      cycle: 0,
    });
    const second = await learnerIssue(learner.user.id, {
      kind: 'learning_path',
      achievementId: 77,
      cycle: 1,
    });
    expect(first).not.toBeNull();
    expect(second).not.toBe(first);
    const a = await http().get(`/api/certificates/${first}/`, learner.token);
    const b = await http().get(`/api/certificates/${second}/`, learner.token);
    expect(a.json().status).toBe('replaced');
    expect(b.json().status).toBe('valid');
    expect(b.json().abilities).toEqual({ download: true, revoke: false, reissue: false });
  });

  it('is expired after its validity, computed when read', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const past = new Date(Date.now() - 400 * 86_400_000);
    const id = await learnerIssue(learner.user.id, { at: past });
    const res = await http().get(`/api/certificates/${id}/`, learner.token);
    expect(res.json().status).toBe('expired');
    const list = await call(t.app, 'GET', '/api/user-certificate/', {
      token: o.admin.token,
      query: { status: 'expired', user: String(learner.user.id) },
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toEqual([id]);
  });
});

describe('the PDF', () => {
  it('prints the name, course and code, in embedded fonts, with the hash kept', async () => {
    const learner = await signedInLearner(t, o.org.id);
    await db()
      .update(users)
      .set({ firstName: 'Ζωή', lastName: 'Жанна-محمد' })
      .where(eq(users.id, learner.user.id));
    const id = (await learnerIssue(learner.user.id, { score: 88 }))!;
    const before = await http().get(`/api/certificates/${id}/pdf/`, learner.token);
    expect(before.statusCode).toBe(409);
    await render(id);
    const res = await http().get(`/api/certificates/${id}/pdf/`, learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    const [row] = await db().select().from(certificates).where(eq(certificates.id, id));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row!.pdfSha256);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getTitle()).toContain('Ζωή Жанна-محمد');
    expect(pdf.getSubject()).toBe('Fire Safety');
    expect(pdf.getKeywords()).toContain(row!.code);
    // The subset fonts are embedded (FontFile2), with a ToUnicode map that holds the name's letters.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.includes('/FontFile2')).toBe(true);
    expect(raw.includes('/ToUnicode')).toBe(true);
    const printed = row!.printed as {
      learner_name: string;
      achievement_name: string;
      code: string;
      score: number;
    };
    expect(printed).toMatchObject({
      learner_name: 'Ζωή Жанна-محمد',
      achievement_name: 'Fire Safety',
      code: row!.code,
      score: 88,
    });
  });
});

describe('revoke, re-issue, verify', () => {
  it('revokes with a reason (admins only, once), and verification says so', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const id = (await learnerIssue(learner.user.id))!;
    await render(id);
    const code = (await http().get(`/api/certificates/${id}/`, learner.token)).json()
      .code as string;
    const ok = await call(t.app, 'GET', `/api/certificates/verify/${code.toLowerCase()}/`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'valid',
      code,
      printed: { achievement_name: 'Fire Safety', hours: 3 },
    });
    expect(ok.json().pdf_sha256).toMatch(/^[0-9a-f]{64}$/);

    expect(
      (await http().post(`/api/certificates/${id}/revoke/`, learner.token, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await http().post(`/api/certificates/${id}/revoke/`, o.admin.token, { reason: '' }))
        .statusCode,
    ).toBe(400);
    const revoked = await http().post(`/api/certificates/${id}/revoke/`, o.admin.token, {
      reason: 'Copied answers',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revoked_reason: 'Copied answers' });
    expect(
      (await http().post(`/api/certificates/${id}/revoke/`, o.admin.token, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await http().post(`/api/certificates/${id}/reissue/`, o.admin.token, {})).statusCode,
    ).toBe(409);
    const after = await call(t.app, 'GET', `/api/certificates/verify/${code}/`);
    expect(after.json()).toMatchObject({ status: 'revoked', revoked_reason: 'Copied answers' });
  });

  it('re-issues with the current template: same code, new hash', async () => {
    const learner = await signedInLearner(t, o.org.id);
    const id = (await learnerIssue(learner.user.id))!;
    await render(id);
    const before = (await http().get(`/api/certificates/${id}/`, o.admin.token)).json();
    await http().patch(`/api/certificates/templates/${templateId}/`, o.admin.token, {
      title: 'Certificate of Achievement',
    });
    const res = await http().post(`/api/certificates/${id}/reissue/`, o.admin.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(before.code);
    expect(res.json().pdf_sha256).not.toBe(before.pdf_sha256);
    const v = await call(t.app, 'GET', `/api/certificates/verify/${before.code}/`);
    expect(v.json().printed.title).toBe('Certificate of Achievement');
    expect(v.json().pdf_sha256).toBe(res.json().pdf_sha256);
  });

  it('refuses malformed codes (400) and answers 404 for unknown ones', async () => {
    expect((await call(t.app, 'GET', '/api/certificates/verify/nope/')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/certificates/verify/AAAA-BBBB-CCCC/')).statusCode).toBe(
      404,
    );
  });
});

describe('who sees what', () => {
  it('learners list their own; admins the organisation’s; others get 404', async () => {
    const a = await signedInLearner(t, o.org.id);
    const b = await signedInLearner(t, o.org.id);
    const id = (await learnerIssue(a.user.id))!;
    const mine = await http().get('/api/user-certificate/', a.token);
    expect(mine.json().results.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await http().get('/api/user-certificate/', b.token)).json().count).toBe(0);
    expect((await http().get(`/api/certificates/${id}/`, b.token)).statusCode).toBe(404);
    expect((await http().get(`/api/certificates/${id}/pdf/`, b.token)).statusCode).toBe(404);
    const all = await call(t.app, 'GET', '/api/user-certificate/', {
      token: o.admin.token,
      query: { user: String(a.user.id) },
    });
    expect(all.json().results[0]).toMatchObject({
      id,
      abilities: { download: true, revoke: true, reissue: true },
    });
    const other = await makeOrganisationWithStaff(db(), t.config);
    expect((await http().get(`/api/certificates/${id}/`, other.admin.token)).statusCode).toBe(404);
    expect(
      (await http().post(`/api/certificates/${id}/revoke/`, other.admin.token, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('templates and assignments are the admins’', async () => {
    expect((await http().get('/api/certificates/templates/', o.learner.token)).statusCode).toBe(
      403,
    );
    expect((await http().get('/api/certificate/drop-down/', o.trainer.token)).statusCode).toBe(403);
    const drop = await http().get('/api/certificate/drop-down/', o.admin.token);
    expect(drop.json()).toContainEqual({ id: templateId, name: 'Standard' });
    const list = await http().get('/api/certificates/assignments/', o.admin.token);
    expect(list.json().map((a: { kind: string }) => a.kind)).toContain('course');
    // In use: 409 until detached.
    expect(
      (await http().del(`/api/certificates/templates/${templateId}/`, o.admin.token)).statusCode,
    ).toBe(409);
    const other = await makeOrganisationWithStaff(db(), t.config);
    expect(
      (await http().get(`/api/certificates/templates/${templateId}/`, other.admin.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('designer', () => {
  it('uploads images (re-encoded PNG) and refuses what is not one', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const ok = await http().form('POST', '/api/certificates/images/', o.admin.token, [
      { name: 'image', filename: 'logo.jpg', content: png, type: 'image/jpeg' },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ width: 40, height: 20 });
    const bad = await http().form('POST', '/api/certificates/images/', o.admin.token, [
      {
        name: 'image',
        filename: 'logo.png',
        content: Buffer.from('<svg></svg>'),
        type: 'image/png',
      },
    ]);
    expect(bad.statusCode).toBe(415);
    const created = await http().post('/api/certificates/templates/', o.admin.token, {
      name: 'With logo',
      fields: FIELDS,
      logo_image: ok.json().uuid,
    });
    expect(created.statusCode).toBe(201);
    const foreign = await http().post('/api/certificates/templates/', o.admin.token, {
      name: 'Bad',
      fields: FIELDS,
      logo_image: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.logo_image).toBeDefined();
    const preview = await http().post('/api/certificates/templates/preview/', o.admin.token, {
      name: 'Preview',
      fields: FIELDS,
      logo_image: ok.json().uuid,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
