import type { TCertificate, TCertificateVerification } from '@atrium/contract';

/** Test data of this feature's web tests. */
export const certificate = (over: Partial<TCertificate> = {}): TCertificate => ({
  id: 1,
  code: 'ABCD-EFGH-JKMN',
  user_id: 5,
  learner_name: 'Lee Learner',
  organisation_name: 'Acme',
  achievement_kind: 'course',
  achievement_id: 3,
  achievement_name: 'Fire Safety',
  cycle: 0,
  score: null,
  issued_at: '2026-03-04T10:00:00.000Z',
  expires_at: '2027-03-04T10:00:00.000Z',
  status: 'valid',
  revoked_at: null,
  revoked_reason: null,
  pdf_ready: true,
  pdf_sha256: 'a'.repeat(64),
  credential_uuid: null,
  abilities: { download: true, revoke: false, reissue: false },
  ...over,
});

export const page = (results: TCertificate[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export const verification = (
  over: Partial<TCertificateVerification> = {},
): TCertificateVerification => ({
  code: 'ABCD-EFGH-JKMN',
  status: 'valid',
  achievement_kind: 'course',
  printed: {
    title: 'Certificate of Completion',
    learner_name: 'Ζωή Жанна',
    achievement_name: 'Fire Safety',
    organisation_name: 'Acme',
    issued_on: '4 March 2026',
    score: null,
    hours: 3,
    expires_on: '4 March 2027',
    signatures: [{ name: 'Dana Director', title: 'Director' }],
    code: 'ABCD-EFGH-JKMN',
    qr: true,
  },
  issued_at: '2026-03-04T10:00:00.000Z',
  expires_at: '2027-03-04T10:00:00.000Z',
  revoked_at: null,
  revoked_reason: null,
  pdf_sha256: null,
  credential_uuid: 'urn-uuid-1',
  ...over,
});
