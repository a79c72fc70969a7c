import { type Actor, isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';

/**
 * Who may do what with certificates, as pure predicates (certificates.policy.test.ts is their
 * table). Learners see and download their own; the organisation's admins (superadmins anywhere)
 * see every certificate of it, revoke, re-issue and design templates. Trainers see their own only.
 * Outside the organisation a certificate does not exist for the caller (404).
 */

export interface CertificateFacts {
  organisationId: number;
  userId: number;
  revoked: boolean;
  replaced: boolean;
}

export const canSeeCertificate = (actor: Actor, c: CertificateFacts): boolean =>
  withinOrganisation(actor, c.organisationId) &&
  (isAdminOf(actor, c.organisationId) ||
    (actor.userId === c.userId && actor.organisationId === c.organisationId));

export const canDownloadCertificate = canSeeCertificate;

export const canRevokeCertificate = (actor: Actor, c: CertificateFacts): boolean =>
  canSeeCertificate(actor, c) && isAdminOf(actor, c.organisationId) && !c.revoked;

/** A replaced certificate is history; the newer one is re-issued instead. */
export const canReissueCertificate = (actor: Actor, c: CertificateFacts): boolean =>
  canRevokeCertificate(actor, c) && !c.replaced;

export const canManageCertificates = (actor: Actor, organisationId: number): boolean =>
  isAdminOf(actor, organisationId) && withinOrganisation(actor, organisationId);
