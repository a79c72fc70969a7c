import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import type { DomainEvents, EventName } from '../../core/events/event-bus.ts';
import { credentialKeys, credentials } from '../../schema/credentials.table.ts';
import { issueCredential } from './credentials.issue.ts';
import { openKey } from './credentials.keys.ts';
import { credentialRefs } from './index.ts';

/*
 * Issuing from the badges' and certificates' events: an OpenBadgeCredential per award and
 * certificate, exactly once under duplicate and concurrent delivery, that the library's verifier
 * accepts; revocation through the status list; the organisation's key sealed at rest.
 */

let t: TestApp;
let acme: Staff;
const db = () => t.database.db;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { title: 'Acme Academy' });
});
afterAll(() => t.close());

async function publish<N extends EventName>(name: N, payload: DomainEvents[N]) {
  await runInTransaction(t.app.ctx.db, t.app.ctx.bus, async (uow) => {
    uow.emit(name, payload);
  });
  await t.app.ctx.jobs.drain();
}

const awarded = (awardId: number, extra: Partial<DomainEvents['badge.awarded']> = {}) =>
  publish('badge.awarded', {
    awardId,
    badgeId: 7,
    organisationId: acme.org.id,
    userId: acme.learner.user.id,
    badgeName: 'Safety First',
    badgeDescription: 'Knows the safety rules.',
    criteriaText: 'Completed the safety course.',
    imageUuid: null,
    manual: false,
    awardedAt: new Date().toISOString(),
    ...extra,
  });

async function uuidOf(kind: 'badge' | 'certificate', refId: number) {
  const ref = (await credentialRefs(db(), kind, [refId])).get(refId);
  expect(ref, `${kind} ${refId} has a credential`).toBeDefined();
  return ref?.uuid as string;
}

const verifyStored = async (uuid: string) =>
  (await http().get(`/api/credentials/${uuid}/verify/`, '')).json();

describe('badge.awarded', () => {
  it('issues an OpenBadgeCredential that the verifier accepts', async () => {
    await awarded(101);
    const uuid = await uuidOf('badge', 101);
    const res = await http().get(`/api/credentials/${uuid}/`, '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="badge-credential-/);
    const vc = res.json();
    expect(vc['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.id).toBe(`${t.config.publicBaseUrl}/api/credentials/${uuid}/`);
    expect(vc.issuer).toMatchObject({ type: ['Profile'], name: 'Acme Academy' });
    expect(vc.issuer.id).toMatch(/^did:key:z6Mk/);
    expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
    expect(vc.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      name: 'Safety First',
      description: 'Knows the safety rules.',
      criteria: { narrative: 'Completed the safety course.' },
      image: { id: `${t.config.publicBaseUrl}/api/credentials/${uuid}/badge.png`, type: 'Image' },
    });
    expect(vc.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
    });
    expect(vc.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      proofPurpose: 'assertionMethod',
    });
    const verification = await verifyStored(uuid);
    expect(verification).toMatchObject({ verified: true, revoked: false, expired: false });
    expect(verification.checks.map((c: { passed: boolean }) => c.passed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('issues once under duplicate and concurrent delivery', async () => {
    await awarded(102);
    await awarded(102);
    const input = {
      kind: 'badge' as const,
      refId: 103,
      organisationId: acme.org.id,
      userId: acme.learner.user.id,
      achievementId: 'urn:test:badge:1',
      name: 'Twice',
      description: 'd',
      criteria: 'c',
      validFrom: new Date().toISOString(),
    };
    const uuids = await Promise.all(
      Array.from({ length: 5 }, () => issueCredential(t.app.ctx, input)),
    );
    expect(new Set(uuids).size).toBe(1);
    for (const refId of [102, 103]) {
      const rows = await db().select().from(credentials).where(eq(credentials.refId, refId));
      expect(rows).toHaveLength(1);
    }
  });

  it('revocation sets the status bit: the verification reports it revoked', async () => {
    await awarded(104);
    const uuid = await uuidOf('badge', 104);
    await publish('badge.revoked', {
      awardId: 104,
      badgeId: 7,
      organisationId: acme.org.id,
      userId: acme.learner.user.id,
      reason: 'Awarded by mistake',
    });
    const verification = await verifyStored(uuid);
    expect(verification).toMatchObject({ verified: false, revoked: true });
    expect(verification.checks).toContainEqual({
      check: 'status',
      passed: false,
      message: 'The issuer has revoked this credential.',
    });
    expect((await credentialRefs(db(), 'badge', [104])).get(104)?.revoked).toBe(true);
    // The other credentials of the same list stay valid.
    expect((await verifyStored(await uuidOf('badge', 101))).verified).toBe(true);
  });
});

describe('certificate.issued', () => {
  const issued = (certificateId: number, expiresAt: string | null) =>
    publish('certificate.issued', {
      certificateId,
      organisationId: acme.org.id,
      userId: acme.learner.user.id,
      code: `CODE${certificateId}`,
      achievementKind: 'course',
      achievementId: 55,
      achievementName: 'Fire Safety',
      learnerName: 'Ada Lovelace',
      issuedAt: new Date(Date.now() - 86_400_000).toISOString(),
      expiresAt,
    });

  it('issues a credential with the expiry as validUntil, verified', async () => {
    const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await issued(201, expiresAt);
    const uuid = await uuidOf('certificate', 201);
    const vc = (await http().get(`/api/credentials/${uuid}/`, '')).json();
    expect(vc.validUntil).toBe(expiresAt);
    expect(vc.name).toBe('Fire Safety');
    expect(vc.credentialSubject.identifier[0]).toMatchObject({
      identityType: 'name',
      identityHash: 'Ada Lovelace',
    });
    expect(vc.credentialSubject.achievement.image).toBeUndefined();
    expect(await verifyStored(uuid)).toMatchObject({ verified: true });
  });

  it('an expired certificate still has a valid proof, but is not verified', async () => {
    await issued(202, new Date(Date.now() - 3_600_000).toISOString());
    const verification = await verifyStored(await uuidOf('certificate', 202));
    expect(verification).toMatchObject({ verified: false, expired: true });
    const byName = Object.fromEntries(
      verification.checks.map((c: { check: string; passed: boolean }) => [c.check, c.passed]),
    );
    expect(byName).toEqual({ format: true, proof: true, status: true, validity: false });
  });

  it('certificate.revoked revokes it', async () => {
    await issued(203, null);
    await publish('certificate.revoked', {
      certificateId: 203,
      organisationId: acme.org.id,
      userId: acme.learner.user.id,
      reason: 'Fraud',
    });
    expect(await verifyStored(await uuidOf('certificate', 203))).toMatchObject({
      verified: false,
      revoked: true,
    });
  });
});

describe('the signing key', () => {
  it('is one per organisation, its secret sealed to that organisation', async () => {
    const rows = await db()
      .select()
      .from(credentialKeys)
      .where(eq(credentialKeys.organisationId, acme.org.id));
    expect(rows).toHaveLength(1);
    const row = rows[0] as (typeof rows)[number];
    expect(row.secretKeySealed).toMatch(/^v1\./);
    const seal = await t.app.ctx.secrets.get('credential-signing-keys');
    expect(openKey(seal, acme.org.id, row.secretKeySealed)).toMatch(/^z/);
    expect(openKey(seal, acme.org.id + 1, row.secretKeySealed)).toBeNull();
  });
});
