import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { certificateJobs, certificateSubscribers } from './certificates.issue.ts';
import { certificatesMatrix } from './certificates.matrix.ts';
import { registerCertificateRoutes } from './certificates.routes.ts';
import './certificates.events.ts';

/**
 * Certificates (issue 21; spec §2 /certificate, /verify/{code}): templates designed by admins and
 * attached to achievements, a certificate issued once per achievement and cycle when a course,
 * learning path, assessment or classroom is completed, its PDF drawn by a job and stored with its
 * SHA-256, revocation, re-issue, and public verification by code. `certificate.issued` and
 * `certificate.revoked` are for the credentials and notifications slices.
 */
export const certificatesModule: AppModule = {
  name: 'certificates',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerCertificateRoutes(app, ctx);
  },
  jobs: certificateJobs,
  subscribers: certificateSubscribers,
  matrix: certificatesMatrix,
};

export { statusOf } from './certificates.service.ts';
