/**
 * Domain events of announcements. The notifications slice tells the audience.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /**
     * An announcement went out: at its creation when it goes now, else when the publishing job
     * finds its publish_at passed (once: the row's announced_at is set in the same transaction).
     */
    'announcement.published': {
      announcementId: number;
      organisationId: number;
      /** Its author (null: the account is gone). */
      authorId: number | null;
    };
  }
}

export {};
