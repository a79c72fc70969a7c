import * as bsl from '@digitalbazaar/vc-bitstring-status-list';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { api, call } from '../../../test/http.ts';
import { unbake } from './credentials.bake.ts';
import { issueCredential } from './credentials.issue.ts';
import { DocumentRefusedError, documentLoader } from './credentials.loader.ts';
import { READS_PER_MINUTE, VERIFICATIONS_PER_MINUTE } from './credentials.routes.ts';

/*
 * The public routes: download, baked PNG, verification of a stored or pasted credential (one
 * changed letter or proof byte fails it, garbage is a reasoned "no", never a 500), the status
 * list, 404s, the body limit and the rate limit; the document loader refuses what it does not
 * hold.
 */

let t: TestApp;
let acme: Staff;
let badge: string;
let certificate: string;
let pictured: string;
const http = () => api(t);
const json = (res: { body: string }) => JSON.parse(res.body);

const issue = (refId: number, extra: Partial<Parameters<typeof issueCredential>[1]> = {}) =>
  issueCredential(t.app.ctx, {
    kind: 'badge',
    refId,
    organisationId: acme.org.id,
    userId: acme.learner.user.id,
    achievementId: `urn:test:badge:${refId}`,
    name: 'Safety First',
    description: 'Knows the rules.',
    criteria: 'Completed the course.',
    validFrom: new Date().toISOString(),
    ...extra,
  }) as Promise<string>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  badge = await issue(1);
  certificate = await issue(2, { kind: 'certificate' });
  const image = await http().form('POST', '/api/images/', acme.learner.token, [
    { name: 'image', filename: 'b.png', content: PNG, type: 'image/png' },
  ]);
  expect(image.statusCode).toBe(201);
  pictured = await issue(3, { imageUuid: image.json().uuid });
});
afterAll(() => t.close());

const verifyPasted = (body: unknown) => call(t.app, 'POST', '/api/credentials/verify/', { body });
const stored = async (uuid: string) => json(await http().get(`/api/credentials/${uuid}/`, ''));

describe('verifying a pasted credential', () => {
  it('accepts the credential as downloaded, bare or as {credential}', async () => {
    const vc = await stored(badge);
    expect(json(await verifyPasted(vc)).verified).toBe(true);
    expect(json(await verifyPasted({ credential: vc })).verified).toBe(true);
  });

  it('fails after one letter of the name is changed', async () => {
    const vc = await stored(badge);
    vc.credentialSubject.achievement.name = 'Safety Firsd';
    const res = await verifyPasted(vc);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.verified).toBe(false);
    expect(body.checks.find((c: { check: string }) => c.check === 'proof')).toMatchObject({
      passed: false,
      message: expect.stringMatching(/signature does not match/),
    });
  });

  it('fails after one byte of the proof is changed', async () => {
    const vc = await stored(badge);
    const value: string = vc.proof.proofValue;
    const i = 20;
    vc.proof.proofValue = value.slice(0, i) + (value[i] === 'A' ? 'B' : 'A') + value.slice(i + 1);
    const body = json(await verifyPasted(vc));
    expect(body.verified).toBe(false);
    expect(body.reason).not.toBe('');
  });

  it('answers garbage with verified false and a reason, never a 500', async () => {
    const vc = await stored(badge);
    const cases: unknown[] = [
      {},
      { credential: 'text' },
      { '@context': ['https://www.w3.org/ns/credentials/v2'], type: ['VerifiableCredential'] },
      { ...vc, proof: 'nope' },
      { ...vc, proof: { ...vc.proof, verificationMethod: 'did:key:z6MkNOTAKEY#x' } },
      { ...vc, proof: { ...vc.proof, cryptosuite: 'ecdsa-rdfc-2019' } },
      { ...vc, issuer: { id: 'did:web:evil.example', name: 'Evil' } },
      { ...vc, validFrom: 'yesterday' },
      {
        ...vc,
        credentialStatus: {
          ...vc.credentialStatus,
          statusListCredential: 'https://evil.example/list',
        },
      },
      { ...vc, '@context': [...vc['@context'], 'https://evil.example/context.json'] },
      { ...vc, credentialSubject: { ...vc.credentialSubject, '@type': { deep: [1, 2, 3] } } },
    ];
    for (const body of cases) {
      const res = await verifyPasted(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(200);
      const answer = json(res);
      expect(answer.verified).toBe(false);
      expect(answer.reason).not.toBe('');
    }
    const refused = json(
      await verifyPasted({ ...vc, '@context': [...vc['@context'], 'https://evil.example/c.json'] }),
    );
    expect(refused.reason).toMatch(/not one this server knows/);
  });

  it('refuses a body over the limit (413) and a body that is not JSON (400)', async () => {
    const big = await verifyPasted({ padding: 'x'.repeat(300 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toBeTruthy();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify/',
      headers: { 'content-type': 'application/json' },
      payload: '{"@context": [',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the document loader', () => {
  it('answers bundled contexts and did:key, and refuses any other URL', async () => {
    const loader = documentLoader(async () => null);
    expect((await loader('https://www.w3.org/ns/credentials/v2')).document).toBeTruthy();
    const vc = await stored(badge);
    expect((await loader(vc.proof.verificationMethod)).document).toMatchObject({
      type: 'Multikey',
    });
    for (const url of [
      'https://example.org/context.json',
      'http://169.254.169.254/latest/meta-data/',
      'did:web:example.org',
      'file:///etc/passwd',
    ]) {
      await expect(loader(url)).rejects.toBeInstanceOf(DocumentRefusedError);
    }
  });
});

describe('the status list', () => {
  it('is a signed BitstringStatusListCredential; 404 for an unknown one', async () => {
    const vc = await stored(badge);
    const url = new URL(vc.credentialStatus.statusListCredential);
    const res = await http().get(url.pathname, '');
    expect(res.statusCode).toBe(200);
    const list = json(res);
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(list.issuer).toBe(vc.issuer.id);
    expect(list.proof.cryptosuite).toBe('eddsa-rdfc-2022');
    const bits = await bsl.decodeList({ encodedList: list.credentialSubject.encodedList });
    expect(bits.getStatus(Number(vc.credentialStatus.statusListIndex))).toBe(false);
    expect((await http().get('/api/credentials/status/999999/', '')).statusCode).toBe(404);
    expect((await http().get('/api/credentials/status/abc/', '')).statusCode).toBe(400);
  });
});

describe('baked badges', () => {
  it('bakes the credential into the generated PNG, and it un-bakes to the same JSON', async () => {
    const res = await http().get(`/api/credentials/${badge}/badge.png`, '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect((await sharp(png).metadata()).width).toBe(256);
    const baked = unbake(png);
    expect(JSON.parse(baked as string)).toEqual(await stored(badge));
    expect(json(await verifyPasted(JSON.parse(baked as string))).verified).toBe(true);
  });

  it('bakes into the badge’s own image when it has one', async () => {
    const png = (await http().get(`/api/credentials/${pictured}/badge.png`, '')).rawPayload;
    expect((await sharp(png).metadata()).width).toBe(1);
    expect(JSON.parse(unbake(png) as string).id).toContain(pictured);
  });

  it('a certificate has no badge image', async () => {
    expect((await http().get(`/api/credentials/${certificate}/badge.png`, '')).statusCode).toBe(
      404,
    );
  });
});

describe('unknown addresses and the rate limit', () => {
  it('404 for a uuid that is no credential, 400 for one that is no uuid', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const path of ['', 'badge.png', 'verify/']) {
      const res = await http().get(`/api/credentials/${nobody}/${path}`, '');
      expect(res.statusCode, path).toBe(404);
      expect(json(res).message).toBeTruthy();
      expect((await http().get(`/api/credentials/not-a-uuid/${path}`, '')).statusCode).toBe(400);
    }
  });

  it(`limits verifications per address (${VERIFICATIONS_PER_MINUTE} a minute)`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= VERIFICATIONS_PER_MINUTE; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/credentials/00000000-0000-4000-8000-000000000000/verify/`,
        remoteAddress: '10.9.8.7',
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(codes.slice(0, VERIFICATIONS_PER_MINUTE).every((c) => c === 404)).toBe(true);
  });

  it(`limits downloads per address (${READS_PER_MINUTE} a minute)`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= READS_PER_MINUTE; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/credentials/${badge}/`,
        remoteAddress: '10.9.8.6',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, READS_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not held back by it.
    expect((await http().get(`/api/credentials/${badge}/`, '')).statusCode).toBe(200);
  });
});
