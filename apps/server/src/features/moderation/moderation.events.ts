/**
 * Domain events of moderation. The notifications slice tells the organisation's admins of an item
 * when it is first opened (reported or held: once per item, not per report), and an author when a
 * moderator hid, deleted or released their words.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    'moderation.opened': {
      itemId: number;
      organisationId: number;
      kind: string;
      /** Opened by the banned words (else by a report). */
      held: boolean;
      /** Who reported it (null when the banned words held it). */
      reportedBy: number | null;
    };
    'moderation.decided': {
      itemId: number;
      organisationId: number;
      authorId: number;
      moderatorId: number;
      outcome: 'hidden' | 'deleted' | 'released';
    };
  }
}

export {};
