/**
 * Domain events of forums. A forum post is "ready" once its author's edit window has passed (the
 * minute job, forums.jobs.ts): the notifications slice then tells the forum's subscribers and,
 * for an answer, the thread's followers.
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    'forum.post_ready': {
      forumId: number;
      discussionId: number;
      /** The answer (or reply) posted; null for the thread itself. */
      answerId: number | null;
      organisationId: number;
      authorId: number;
    };
  }
}

export {};
