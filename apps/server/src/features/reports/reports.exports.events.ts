/**
 * Domain events and jobs of report exports (issue 22). The notifications slice turns
 * `report_export.ready` into the owner's `report_ready` notification.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A queued export finished: its file is ready to download at /download-report/{id}. */
    'report_export.ready': {
      exportId: number;
      userId: number;
      organisationId: number;
      title: string;
    };
  }
}

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Renders a queued export with progress (too large to render within the request). */
    'reports.export': { exportId: number };
    /** Deletes expired export files and their rows; then queues its next run. */
    'reports.exports.retention': Record<string, never>;
  }
}

export {};
