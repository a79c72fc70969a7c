import type { TCertificate, TCertificateKind, TCertificateStatus } from '@atrium/contract';

export const STATUS_LABEL: Record<TCertificateStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
  replaced: 'Replaced',
};
export const STATUS_COLOR: Record<TCertificateStatus, 'success' | 'warning' | 'error' | 'default'> =
  {
    valid: 'success',
    expired: 'warning',
    revoked: 'error',
    replaced: 'default',
  };
export const KIND_LABEL: Record<TCertificateKind, string> = {
  course: 'Course',
  learning_path: 'Learning path',
  assessment: 'Assessment',
  classroom: 'Classroom',
};

/** The public page that verifies a code, on this site. */
export const shareUrl = (code: string, origin = window.location.origin) =>
  `${origin}/verify/${code}`;

/** LinkedIn's "add to profile" link for a certification. */
export function linkedInUrl(c: TCertificate, origin = window.location.origin): string {
  const issued = new Date(c.issued_at);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.achievement_name,
    organizationName: c.organisation_name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: shareUrl(c.code, origin),
    certId: c.code,
  });
  if (c.expires_at) {
    const expires = new Date(c.expires_at);
    params.set('expirationYear', String(expires.getUTCFullYear()));
    params.set('expirationMonth', String(expires.getUTCMonth() + 1));
  }
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** SHA-256 of a file, in hex, computed in the browser. */
export async function sha256Hex(file: Blob): Promise<string> {
  // A copy into a fresh view: some environments hand back an ArrayBuffer of another realm.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
