import { ROLE } from '@atrium/contract';
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
  makeEvidence,
  makeFlag,
  makeProctoringSession,
  PNG,
  storeThumbnail,
  WEBM,
} from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { access, caller } from '../../core/auth/access.ts';
import { assessmentReviewers } from '../../schema/assessments.table.ts';
import { EVIDENCE_REMOVED, NO_THUMBNAIL, sendEvidence, sendThumbnail } from './evidence.serve.ts';

/*
 * Evidence and thumbnails served to proctors only: the bytes, ranges for seeking, headers that
 * keep them inert and uncached, 404 once retention removed the file, 403/404 to everyone else.
 * The real routes are the other half of the slice; stand-ins call the same functions.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let reviewer: SignedIn;
let colleague: SignedIn;
const ids: Record<string, number> = {};
const keys: Record<string, string> = {};
const EVIDENCE = (id: number) => `/api/test/proctor/evidence/${id}/`;
const THUMBNAIL = (id: number) => `/api/test/proctor/thumbnail/${id}/`;
const get = (url: string, who: SignedIn, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token: who.token, headers });

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      const config = { access: access.authenticated() };
      app.get<{ Params: { id: string } }>(
        '/api/test/proctor/evidence/:id/',
        { config },
        (req, reply) => sendEvidence(app.ctx, caller(req), Number(req.params.id), req, reply),
      );
      app.get<{ Params: { id: string } }>(
        '/api/test/proctor/thumbnail/:id/',
        { config },
        (req, reply) => sendThumbnail(app.ctx, caller(req), Number(req.params.id), req, reply),
      );
    },
  });
  const db = t.database.db;
  const files = t.app.ctx.files;
  acme = await makeOrganisationWithStaff(db, t.config);
  globex = await makeOrganisationWithStaff(db, t.config);
  reviewer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  colleague = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
  const assessment = await makeAssessment(db, {
    organisationId: acme.org.id,
    createdBy: acme.trainer.user.id,
  });
  await db
    .insert(assessmentReviewers)
    .values({ assessmentId: assessment.id, userId: reviewer.user.id });
  const thumb = await storeThumbnail(files);
  keys.thumbnail = thumb.key;
  const live = await makeProctoringSession(db, {
    assessment,
    userId: acme.learner.user.id,
    mode: 'live',
    thumbnailKey: thumb.key,
    thumbnailAt: new Date(),
  });
  ids.live = live.id;
  const flag = await makeFlag(db, { sessionId: live.id });
  const frame = await makeEvidence(db, files, { sessionId: live.id, flagId: flag.id });
  const clip = await makeEvidence(db, files, { sessionId: live.id, flagId: flag.id, kind: 'clip' });
  const gone = await makeEvidence(db, files, { sessionId: live.id, kind: 'identity' });
  Object.assign(ids, { frame: frame.id, clip: clip.id, gone: gone.id });
  keys.gone = gone.key;
  const learner = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.LEARNER });
  ids.recorded = (await makeProctoringSession(db, { assessment, userId: learner.user.id })).id;
});
afterAll(() => t.close());

describe('sendEvidence', () => {
  it('sends a still, inert and never cached, to a proctor', async () => {
    const res = await get(EVIDENCE(ids.frame!), acme.admin);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'content-disposition': `inline; filename="evidence-${ids.frame}.png"`,
    });
  });

  it('answers ranges, so a clip can be seeked', async () => {
    const res = await get(EVIDENCE(ids.clip!), reviewer, { range: 'bytes=4-11' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['content-range']).toBe(`bytes 4-11/${WEBM.length}`);
    expect(res.rawPayload.equals(WEBM.subarray(4, 12))).toBe(true);
    expect((await get(EVIDENCE(ids.clip!), reviewer, { range: 'bytes=999-' })).statusCode).toBe(
      416,
    );
  });

  it('is 404 once the retention period removed the file', async () => {
    expect((await get(EVIDENCE(ids.gone!), acme.trainer)).statusCode).toBe(200);
    await t.app.ctx.files.delete(keys.gone!);
    const res = await get(EVIDENCE(ids.gone!), acme.trainer);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(EVIDENCE_REMOVED);
  });

  it('is 403 to a colleague who does not proctor it, 404 to another organisation', async () => {
    expect((await get(EVIDENCE(ids.frame!), colleague)).statusCode).toBe(403);
    expect((await get(EVIDENCE(ids.frame!), globex.admin)).statusCode).toBe(404);
    // Not even the learner filmed: evidence is the proctors' (assessments' rule answers 404).
    expect((await get(EVIDENCE(ids.frame!), acme.learner)).statusCode).toBe(404);
    expect((await get(EVIDENCE(999_999), acme.admin)).statusCode).toBe(404);
  });
});

describe('sendThumbnail', () => {
  it('sends the session’s current thumbnail to its proctors', async () => {
    const res = await get(THUMBNAIL(ids.live!), acme.trainer);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'content-disposition': `inline; filename="thumbnail-${ids.live}.png"`,
    });
  });

  it('is 404 without a thumbnail, and to those who may not see the session', async () => {
    const none = await get(THUMBNAIL(ids.recorded!), acme.admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(NO_THUMBNAIL);
    expect((await get(THUMBNAIL(ids.live!), colleague)).statusCode).toBe(403);
    expect((await get(THUMBNAIL(ids.live!), globex.admin)).statusCode).toBe(404);
    expect((await get(THUMBNAIL(999_999), acme.admin)).statusCode).toBe(404);
  });

  it('is 404 once the thumbnail file is gone', async () => {
    await t.app.ctx.files.delete(keys.thumbnail!);
    expect((await get(THUMBNAIL(ids.live!), acme.admin)).statusCode).toBe(404);
  });
});
