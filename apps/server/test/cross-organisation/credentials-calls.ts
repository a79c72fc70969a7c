import { issueCredential } from '../../src/features/credentials/credentials.issue.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import type { IdCall } from './calls.ts';

/**
 * Open Badges credentials in the cross-organisation test (see calls.ts): one badge credential of
 * acme's learner and its status list. Every credential route is public (the uuid is the
 * capability, as a certificate's code is), so SHARED_READS lists them: another organisation's
 * people read them like anyone else, and change nothing.
 */
export interface CredentialObjects {
  credential: string;
  statusList: number;
}

export async function makeCredentialObjects(t: TestApp, acme: Staff): Promise<CredentialObjects> {
  const uuid = await issueCredential(t.app.ctx, {
    kind: 'badge',
    refId: 1,
    organisationId: acme.org.id,
    userId: acme.learner.user.id,
    achievementId: 'urn:test:badge:1',
    name: 'Cross Check',
    description: 'A badge the other organisation may only read.',
    criteria: 'Made by the test.',
    validFrom: new Date().toISOString(),
  });
  if (!uuid) throw new Error('the credential was not issued');
  const vc = (await t.app.inject({ url: `/api/credentials/${uuid}/` })).json();
  const list = /\/api\/credentials\/status\/(\d+)\/$/.exec(
    vc.credentialStatus.statusListCredential,
  );
  return { credential: uuid, statusList: Number(list?.[1]) };
}

export const CREDENTIAL_CALLS: Record<string, IdCall> = {
  'GET /api/credentials/:uuid/': { params: (f) => ({ uuid: f.credential }) },
  'GET /api/credentials/:uuid/badge.png': { params: (f) => ({ uuid: f.credential }) },
  'GET /api/credentials/:uuid/verify/': { params: (f) => ({ uuid: f.credential }) },
  'GET /api/credentials/status/:id/': { params: (f) => ({ id: f.statusList }) },
};

const PUBLIC_READ = {
  reason: 'public: the credential uuid is the capability, and anyone may verify (Open Badges)',
  fixtures: 'both',
} as const;

export const CREDENTIAL_SHARED_READS = Object.fromEntries(
  Object.keys(CREDENTIAL_CALLS).map((key) => [key, PUBLIC_READ]),
);
