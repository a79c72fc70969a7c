import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { issueCredential, revokeCredential } from './credentials.issue.ts';

/**
 * Credentials follow the awards: a badge awarded or a certificate issued gets its signed
 * OpenBadgeCredential (once per award or certificate, however often the event is delivered), a
 * revocation sets its bit in the organisation's status list. Signing (JSON-LD canonicalisation)
 * takes tens of milliseconds, which is why it happens here, in a job, and not in a request.
 */

const KIND_WORDS = {
  course: 'the course',
  learning_path: 'the learning path',
  assessment: 'the assessment',
  classroom: 'the class',
} as const;

/** A stable IRI of the achievement on this install (not a page: an identifier). */
const achievementIri = (baseUrl: string, kind: string, id: number) =>
  `urn:atrium:${new URL(baseUrl).host}:${kind}:${id}`;

export const credentialSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'badge.awarded',
    name: 'issue-badge-credential',
    async handle(ctx, p) {
      await issueCredential(ctx, {
        kind: 'badge',
        refId: p.awardId,
        organisationId: p.organisationId,
        userId: p.userId,
        achievementId: achievementIri(ctx.config.publicBaseUrl, 'badge', p.badgeId),
        name: p.badgeName,
        description: p.badgeDescription,
        criteria: p.criteriaText,
        imageUuid: p.imageUuid,
        validFrom: p.awardedAt,
      });
    },
  }),
  defineSubscriber({
    event: 'certificate.issued',
    name: 'issue-certificate-credential',
    async handle(ctx, p) {
      const what = `${KIND_WORDS[p.achievementKind]} “${p.achievementName}”`;
      await issueCredential(ctx, {
        kind: 'certificate',
        refId: p.certificateId,
        organisationId: p.organisationId,
        userId: p.userId,
        achievementId: achievementIri(ctx.config.publicBaseUrl, p.achievementKind, p.achievementId),
        name: p.achievementName,
        description: `Certificate of completion of ${what} (verification code ${p.code}).`,
        criteria: `Completed ${what}.`,
        validFrom: p.issuedAt,
        validUntil: p.expiresAt,
        recipientName: p.learnerName,
      });
    },
  }),
  defineSubscriber({
    event: 'badge.revoked',
    name: 'revoke-badge-credential',
    async handle(ctx, p) {
      await revokeCredential(ctx, 'badge', p.awardId, p.reason);
    },
  }),
  defineSubscriber({
    event: 'certificate.revoked',
    name: 'revoke-certificate-credential',
    async handle(ctx, p) {
      await revokeCredential(ctx, 'certificate', p.certificateId, p.reason);
    },
  }),
];
