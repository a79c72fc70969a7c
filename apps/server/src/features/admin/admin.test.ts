import { randomBytes } from 'node:crypto';
import { FEATURE_OFF_MESSAGE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
} from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { recordAudit } from '../../core/audit/audit-log.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { images } from '../../schema/images.table.ts';
import { users } from '../../schema/users.table.ts';
import { videoTranscodes } from '../../schema/video.table.ts';

/*
 * The superadmin console over HTTP against a seeded dataset whose figures are known exactly:
 * two organisations with known members and files, a failed and a queued mail job, a failed
 * transcode and audit events in both organisations. Everyone but a superadmin is refused.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let globexLearner2: SignedIn;
let failedJobId: number;
const tag = randomBytes(3).toString('hex');
const LAST_LOGIN = new Date('2026-03-04T05:06:07.000Z');

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  const db = t.database.db;
  // acme: superadmin, admin, trainer, learner (active) + one awaiting approval; 10 seats.
  acme = await makeOrganisationWithStaff(db, t.config, {
    title: `Console ${tag} Acme`,
    licenceSeats: 10,
  });
  await signedIn(t, { organisationId: acme.org.id, active: false, approved: false });
  await db.update(users).set({ lastLoginAt: LAST_LOGIN }).where(eq(users.id, acme.admin.user.id));
  // globex: its four staff + one more learner; unlimited seats; nobody signed in yet.
  globex = await makeOrganisationWithStaff(db, t.config, { title: `Console ${tag} Globex` });
  globexLearner2 = await signedIn(t, { organisationId: globex.org.id });
  const file = (organisationId: number, size: number) => ({
    organisationId,
    name: `f${size}`,
    kind: 'pdf',
    storageKey: `k/${tag}/${size}`,
    contentType: 'application/pdf',
    size,
  });
  await db.insert(repositoryFiles).values([file(acme.org.id, 1_000), file(acme.org.id, 2_345)]);
  await db.insert(repositoryFiles).values(file(globex.org.id, 42));
  await db.insert(images).values({
    organisationId: acme.org.id,
    storageKey: `i/${tag}`,
    mime: 'image/png',
    width: 1,
    height: 1,
    size: 500,
  });
  const [failed] = await db
    .insert(jobs)
    .values({
      type: 'mail.welcome',
      payload: { userId: acme.learner.user.id },
      status: 'failed',
      attempts: 5,
      lastError: 'SMTP down',
      finishedAt: new Date(),
    })
    .returning();
  failedJobId = failed!.id;
  // A queued mail far in the future, so no queue run in the test takes it.
  await db.insert(jobs).values({
    type: 'mail.welcome',
    payload: { userId: acme.trainer.user.id },
    runAt: new Date('2099-01-01T00:00:00Z'),
  });
  await db.insert(videoTranscodes).values({ sourceKey: `v/${tag}`, status: 'failed' });
  await recordAudit(db, {
    action: 'user.approve',
    actorId: acme.admin.user.id,
    targetUserId: acme.learner.user.id,
    organisationId: acme.org.id,
  });
  await recordAudit(db, {
    action: 'user.deactivate',
    actorId: globex.admin.user.id,
    targetUserId: globex.learner.user.id,
    organisationId: globex.org.id,
  });
  await recordAudit(db, {
    action: 'course.deleted',
    actorId: globex.trainer.user.id,
    organisationId: globex.org.id,
    details: { title: '=cmd|x' },
  });
  // An old event, for the date filter.
  await db.insert(auditEvents).values({
    action: 'role.changed',
    actorId: acme.admin.user.id,
    organisationId: acme.org.id,
    createdAt: new Date('2025-01-15T12:00:00Z'),
  });
}, 60_000);
afterAll(() => t?.close());

const ORGS = '/api/admin/organisations/';
const HEALTH = '/api/admin/health/';
const FAILED = '/api/admin/jobs/failed/';
const RETRY = '/api/admin/jobs/retry/';
const AUDIT = '/api/admin/audit/';
const EXPORT = '/api/admin/audit/export/';
const features = (id: number) => `/api/admin/organisations/${id}/features/`;

describe('who may use the console', () => {
  it('refuses admins, trainers and learners of any organisation with 403', async () => {
    for (const who of [acme.admin, acme.trainer, acme.learner, globex.admin]) {
      for (const url of [ORGS, HEALTH, FAILED, AUDIT, EXPORT, features(acme.org.id)]) {
        expect((await http.get(url, who.token)).statusCode, url).toBe(403);
      }
      expect((await http.post(RETRY, who.token, { id: failedJobId })).statusCode).toBe(403);
      const patch = await http.patch(features(globex.org.id), who.token, {
        features: { blogs: false },
      });
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: ORGS })).statusCode).toBe(401);
  });
});

describe('organisations at a glance', () => {
  it('gives each organisation its exact users, seats, storage and last activity', async () => {
    const res = await http.get(`${ORGS}?search=${tag}`, acme.superadmin.token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: acme.org.id,
        title: `Console ${tag} Acme`,
        acronym: acme.org.acronym,
        active_users: 4,
        pending_users: 1,
        seats_used: 4,
        seats_licensed: 10,
        storage_bytes: 3_845,
        last_activity: LAST_LOGIN.toISOString(),
      },
      {
        id: globex.org.id,
        title: `Console ${tag} Globex`,
        acronym: globex.org.acronym,
        active_users: 5,
        pending_users: 0,
        seats_used: 5,
        seats_licensed: null,
        storage_bytes: 42,
        last_activity: null,
      },
    ]);
    expect(globexLearner2.user.id).toBeGreaterThan(0);
  });

  it('sorts, pages and searches', async () => {
    const bySize = await http.get(
      `${ORGS}?search=${tag}&ordering=-active_users&page_size=1`,
      acme.superadmin.token,
    );
    expect(bySize.json()).toMatchObject({
      count: 2,
      results: [{ id: globex.org.id }],
      next: expect.stringContaining('page=2'),
    });
    const second = await http.get(
      `${ORGS}?search=${tag}&ordering=-active_users&page_size=1&page=2`,
      acme.superadmin.token,
    );
    expect(second.json().results).toEqual([expect.objectContaining({ id: acme.org.id })]);
    const storage = await http.get(
      `${ORGS}?search=${tag}&ordering=-storage_bytes`,
      acme.superadmin.token,
    );
    expect(storage.json().results.map((o: { id: number }) => o.id)).toEqual([
      acme.org.id,
      globex.org.id,
    ]);
    const beyond = await http.get(`${ORGS}?search=${tag}&page=5`, acme.superadmin.token);
    expect(beyond.json()).toMatchObject({ count: 2, results: [] });
    const literal = await http.get(`${ORGS}?search=%25_nothing`, acme.superadmin.token);
    expect(literal.json().count).toBe(0);
    const bad = await http.get(`${ORGS}?ordering=password`, acme.superadmin.token);
    expect(bad.statusCode).toBe(400);
  });
});

describe('system health', () => {
  it('reports the database, queue, mail, transcodes and disk', async () => {
    const res = await http.get(HEALTH, acme.superadmin.token);
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.database).toMatchObject({ reachable: true, engine: t.database.kind });
    expect(h.database.version).toMatch(/^\d+/);
    expect(h.database.size_bytes).toBeGreaterThan(0);
    expect(h.queue).toEqual(
      expect.arrayContaining([
        { lane: 'default', type: 'mail.welcome', status: 'failed', count: 1 },
        { lane: 'default', type: 'mail.welcome', status: 'queued', count: 1 },
      ]),
    );
    expect(h.failed_jobs).toBe(1);
    expect(h.mail).toMatchObject({ queued: 1, failed: 1 });
    expect(h.mail.recent_failures).toEqual([
      expect.objectContaining({ id: failedJobId, type: 'mail.welcome', last_error: 'SMTP down' }),
    ]);
    expect(h.transcodes).toEqual({ queued: 0, running: 0, failed: 1 });
    expect(h.disk.total_bytes).toBeGreaterThan(0);
    expect(h.disk.free_bytes).toBeLessThanOrEqual(h.disk.total_bytes);
  });
});

describe('failed jobs', () => {
  it('lists failed jobs with their last error, by type', async () => {
    const res = await http.get(`${FAILED}?type=mail.welcome`, acme.superadmin.token);
    expect(res.json()).toMatchObject({
      count: 1,
      results: [{ id: failedJobId, type: 'mail.welcome', attempts: 5, last_error: 'SMTP down' }],
    });
    expect((await http.get(`${FAILED}?type=nothing`, acme.superadmin.token)).json().count).toBe(0);
  });

  it('retries one failed job, audited, and refuses what is not a failed job', async () => {
    expect((await http.post(RETRY, acme.superadmin.token, {})).statusCode).toBe(400);
    expect((await http.post(RETRY, acme.superadmin.token, { id: 'x' })).statusCode).toBe(400);
    const res = await http.post(RETRY, acme.superadmin.token, { id: failedJobId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retried: 1 });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, failedJobId));
    expect(job).toMatchObject({ status: 'queued', attempts: 0, finishedAt: null });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'admin.jobs_retried'),
          eq(auditEvents.actorId, acme.superadmin.user.id),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ id: failedJobId, count: 1 });
    const again = await http.post(RETRY, acme.superadmin.token, { id: failedJobId });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No failed job with this id.');
  });

  it('retries every failed job of a type', async () => {
    await t.database.db.insert(jobs).values([
      { type: 'notifications.mail', payload: {}, status: 'failed', lastError: 'a' },
      { type: 'notifications.mail', payload: {}, status: 'failed', lastError: 'b' },
      { type: 'mail.welcome', payload: {}, status: 'failed', lastError: 'c' },
    ]);
    const res = await http.post(RETRY, acme.superadmin.token, { type: 'notifications.mail' });
    expect(res.json()).toEqual({ retried: 2 });
    const left = await http.get(FAILED, acme.superadmin.token);
    expect(left.json().results.map((j: { type: string }) => j.type)).toEqual(['mail.welcome']);
    expect((await http.post(RETRY, acme.superadmin.token, { type: 'none' })).json()).toEqual({
      retried: 0,
    });
  });
});

describe('the audit trail across organisations', () => {
  it('filters by organisation, actor, action and dates', async () => {
    const sa = acme.superadmin.token;
    const acmeOnly = await http.get(`${AUDIT}?organisation=${acme.org.id}`, sa);
    expect(acmeOnly.json().results.map((e: { action: string }) => e.action)).toEqual([
      'user.approve',
      'role.changed',
    ]);
    const globexOnly = await http.get(`${AUDIT}?organisation=${globex.org.id}`, sa);
    expect(globexOnly.json()).toMatchObject({
      count: 2,
      results: [
        {
          action: 'course.deleted',
          actor: { id: globex.trainer.user.id },
          organisation: { id: globex.org.id, title: `Console ${tag} Globex` },
        },
        { action: 'user.deactivate', target_user: { id: globex.learner.user.id } },
      ],
    });
    const byActor = await http.get(`${AUDIT}?actor=${acme.admin.user.id}`, sa);
    expect(byActor.json().count).toBe(2);
    const prefix = await http.get(`${AUDIT}?action=user.`, sa);
    expect(
      prefix
        .json()
        .results.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['user.approve', 'user.deactivate']);
    const exact = await http.get(`${AUDIT}?action=user.approve`, sa);
    expect(exact.json().count).toBe(1);
    const old = await http.get(`${AUDIT}?from=2025-01-15&to=2025-01-15`, sa);
    expect(old.json().results.map((e: { action: string }) => e.action)).toEqual(['role.changed']);
    const none = await http.get(`${AUDIT}?from=2025-01-16&to=2025-01-16`, sa);
    expect(none.json().count).toBe(0);
    expect((await http.get(`${AUDIT}?from=yesterday`, sa)).statusCode).toBe(400);
    expect((await http.get(`${AUDIT}?action=%27;drop`, sa)).statusCode).toBe(400);
    const paged = await http.get(`${AUDIT}?organisation=${globex.org.id}&page_size=1`, sa);
    expect(paged.json()).toMatchObject({ count: 2, next: expect.stringContaining('page=2') });
  });

  it('exports the filtered trail as CSV with formulas neutralised', async () => {
    const res = await http.get(`${EXPORT}?organisation=${globex.org.id}`, acme.superadmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('Action');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('course.deleted');
    expect(res.body).not.toContain(acme.org.title);
    expect(res.body).not.toMatch(/,=cmd/);
  });
});

describe('feature switches', () => {
  it('lists every feature, on unless switched off', async () => {
    const res = await http.get(features(acme.org.id), acme.superadmin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().features).toMatchObject({ blogs: true, wall: true, messages: true });
    expect((await http.get(features(999_999), acme.superadmin.token)).statusCode).toBe(404);
  });

  it('turns a feature off for one organisation: its routes answer 403, then 200 again', async () => {
    const blogs = '/api/blogs/';
    expect((await http.get(blogs, acme.learner.token)).statusCode).toBe(200);
    const off = await http.patch(features(acme.org.id), acme.superadmin.token, {
      features: { blogs: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().features).toMatchObject({ blogs: false, wall: true });

    const refused = await http.get(blogs, acme.learner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FEATURE_OFF_MESSAGE });
    expect((await http.get(blogs, acme.admin.token)).statusCode).toBe(403);
    // Another organisation keeps it; a route of another feature stays open.
    expect((await http.get(blogs, globex.learner.token)).statusCode).toBe(200);
    expect((await http.get('/api/v1/me/', acme.learner.token)).json().disabled_features).toEqual([
      'blogs',
    ]);
    expect((await http.get('/api/v1/me/', globex.learner.token)).json().disabled_features).toEqual(
      [],
    );
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'admin.features_changed'),
          eq(auditEvents.organisationId, acme.org.id),
        ),
      );
    expect(audit?.details).toEqual({ blogs: false });

    const on = await http.patch(features(acme.org.id), acme.superadmin.token, {
      features: { blogs: true },
    });
    expect(on.json().features.blogs).toBe(true);
    expect((await http.get(blogs, acme.learner.token)).statusCode).toBe(200);
  });

  it('refuses unknown features and bad bodies with 400', async () => {
    const sa = acme.superadmin.token;
    for (const body of [{ features: { payroll: false } }, { features: { blogs: 'no' } }, {}]) {
      expect((await http.patch(features(acme.org.id), sa, body)).statusCode).toBe(400);
    }
    expect(
      (await http.patch(features(999_999), sa, { features: { blogs: false } })).statusCode,
    ).toBe(404);
  });
});
