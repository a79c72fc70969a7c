import { describe, expect, it } from 'vitest';
import { actor, HOME_ORG, OTHER_ORG, rowsOf } from '../../../test/policy-table.ts';
import {
  type CertificateFacts,
  canDownloadCertificate,
  canManageCertificates,
  canReissueCertificate,
  canRevokeCertificate,
  canSeeCertificate,
} from './certificates.policy.ts';

/*
 * Certificates over role × ownership × organisation. Columns: see · download · revoke · re-issue
 * (a live certificate), then revoke and re-issue a revoked one, and re-issue a replaced one.
 */
type Row = [boolean, boolean, boolean, boolean];
const T = true;
const F = false;

const TABLE: Record<string, Row> = {
  'superadmin own same org': [T, T, T, T],
  "superadmin other's same org": [T, T, T, T],
  'superadmin own other org': [T, T, T, T],
  "superadmin other's other org": [T, T, T, T],
  'admin own same org': [T, T, T, T],
  "admin other's same org": [T, T, T, T],
  'admin own other org': [F, F, F, F],
  "admin other's other org": [F, F, F, F],
  'trainer own same org': [T, T, F, F],
  "trainer other's same org": [F, F, F, F],
  'trainer own other org': [F, F, F, F],
  "trainer other's other org": [F, F, F, F],
  'learner own same org': [T, T, F, F],
  "learner other's same org": [F, F, F, F],
  'learner own other org': [F, F, F, F],
  "learner other's other org": [F, F, F, F],
};

const cert = (
  c: { ownerId: number; organisationId: number },
  over: Partial<CertificateFacts> = {},
) => ({
  organisationId: c.organisationId,
  userId: c.ownerId,
  revoked: false,
  replaced: false,
  ...over,
});

describe('certificates', () => {
  it.each(rowsOf(TABLE).map(([c, row]) => [c.name, c, row] as const))('%s', (_n, c, row) => {
    const [see, download, revoke, reissue] = row;
    expect(canSeeCertificate(c.actor, cert(c))).toBe(see);
    expect(canDownloadCertificate(c.actor, cert(c))).toBe(download);
    expect(canRevokeCertificate(c.actor, cert(c))).toBe(revoke);
    expect(canReissueCertificate(c.actor, cert(c))).toBe(reissue);
    // Revoked: nothing more to do; replaced: revoke yes, re-issue no.
    expect(canRevokeCertificate(c.actor, cert(c, { revoked: true }))).toBe(false);
    expect(canReissueCertificate(c.actor, cert(c, { revoked: true }))).toBe(false);
    expect(canRevokeCertificate(c.actor, cert(c, { replaced: true }))).toBe(revoke);
    expect(canReissueCertificate(c.actor, cert(c, { replaced: true }))).toBe(false);
  });

  it.each([
    ['superadmin', OTHER_ORG, true],
    ['admin', HOME_ORG, true],
    ['admin', OTHER_ORG, false],
    ['trainer', HOME_ORG, false],
    ['learner', HOME_ORG, false],
  ] as const)('%s manages templates of org %s: %s', (role, org, expected) => {
    expect(canManageCertificates(actor(role), org)).toBe(expected);
  });
});
