import { certificateJobs, issue } from '../../src/features/certificates/certificates.issue.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import type { IdCall } from './calls.ts';

/**
 * Certificates in the cross-organisation test (see calls.ts): acme's template (attached as the
 * default), a spare one the delete control removes, the assignment, and a certificate of acme's
 * learner with its PDF drawn. Verification by code is public (the code is the capability, as a
 * credential's uuid is), so it is a shared read.
 */
export interface CertificateObjects {
  certificateTemplate: number;
  spareCertificateTemplate: number;
  certificateAssignment: number;
  certificate: number;
  certificateCode: string;
}

const FIELDS = {
  learner: true,
  achievement: true,
  date: true,
  score: false,
  hours: false,
  expiry: true,
  signatures: false,
  code: true,
  qr: true,
};

export async function makeCertificateObjects(t: TestApp, acme: Staff): Promise<CertificateObjects> {
  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Token ${acme.admin.token}` },
      payload: payload as Record<string, unknown>,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const template = await send('POST', '/api/certificates/templates/', {
    name: 'Acme',
    fields: FIELDS,
  });
  const spare = await send('POST', '/api/certificates/templates/', {
    name: 'Spare',
    fields: FIELDS,
  });
  const assignment = await send('PUT', '/api/certificates/assignments/', {
    kind: 'default',
    template_id: template.id,
  });
  const id = await issue(t.app.ctx, {
    organisationId: acme.org.id,
    userId: acme.learner.user.id,
    kind: 'course',
    achievementId: 424242,
    cycle: 0,
    score: null,
    at: new Date(),
  });
  if (!id) throw new Error('the certificate was not issued');
  await certificateJobs[0]!.handle(t.app.ctx, { certificateId: id } as never);
  const detail = await t.app.inject({
    url: `/api/certificates/${id}/`,
    headers: { authorization: `Token ${acme.admin.token}` },
  });
  return {
    certificateTemplate: template.id,
    spareCertificateTemplate: spare.id,
    certificateAssignment: assignment.id,
    certificate: id,
    certificateCode: detail.json().code,
  };
}

export const CERTIFICATE_CALLS: Record<string, IdCall> = {
  'GET /api/certificates/templates/:id/': { params: (f) => ({ id: f.certificateTemplate }) },
  'PATCH /api/certificates/templates/:id/': {
    params: (f) => ({ id: f.certificateTemplate }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/certificates/templates/:id/': {
    params: (f) => ({ id: f.spareCertificateTemplate }),
  },
  'DELETE /api/certificates/assignments/:id/': {
    params: (f) => ({ id: f.certificateAssignment }),
  },
  'GET /api/certificates/:id/': { params: (f) => ({ id: f.certificate }) },
  'GET /api/certificates/:id/pdf/': { params: (f) => ({ id: f.certificate }) },
  'POST /api/certificates/:id/revoke/': {
    params: (f) => ({ id: f.certificate }),
    body: () => ({ reason: 'Planted' }),
  },
  'POST /api/certificates/:id/reissue/': {
    params: (f) => ({ id: f.certificate }),
    body: () => ({}),
  },
  'GET /api/certificates/verify/:code/': { params: (f) => ({ code: f.certificateCode }) },
};

export const CERTIFICATE_SHARED_READS = {
  'GET /api/certificates/verify/:code/': {
    reason: 'public: the verification code is the capability, and anyone may verify a certificate',
    fixtures: 'both',
  },
} as const;
