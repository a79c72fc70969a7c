import { defineSubscriber } from '../../core/module.ts';
import { notify } from './notify.ts';

/**
 * Certificates (issue 21): the learner hears that a certificate was issued to them
 * (`certificate_issued`), from nobody (the system issued it). The event carries the achievement's
 * name as printed; the link opens /certificate, where the PDF is.
 */
export const certificateSubscribers = [
  defineSubscriber({
    event: 'certificate.issued',
    name: 'notify-certificate-issued',
    async handle(ctx, e, meta) {
      await notify(ctx, meta, {
        type: 'certificate_issued',
        organisationId: e.organisationId,
        actorId: null,
        subject: { kind: 'certificate', id: e.certificateId, title: e.achievementName },
        link: '/certificate',
        recipients: [e.userId],
      });
    },
  }),
];
