import { defineSubscriber } from '../../core/module.ts';
import { notify } from './notify.ts';

/**
 * Reports (issue 22): a report export too large to render within the request ran as a job; its
 * owner hears that the file is ready (`report_ready`), from nobody (the system made it). The link
 * opens /download-report/{id}, which offers the file.
 */
export const reportSubscribers = [
  defineSubscriber({
    event: 'report_export.ready',
    name: 'notify-report-ready',
    async handle(ctx, e, meta) {
      await notify(ctx, meta, {
        type: 'report_ready',
        organisationId: e.organisationId,
        actorId: null,
        subject: { kind: 'report_export', id: e.exportId, title: e.title },
        link: `/download-report/${e.exportId}`,
        recipients: [e.userId],
      });
    },
  }),
];
