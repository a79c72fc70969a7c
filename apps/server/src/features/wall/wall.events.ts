/**
 * Domain events and jobs of the wall. The notifications slice tells the people a post or a
 * comment newly mentions, and a post's author about a comment; the link-preview job fetches a
 * post's preview after the post is written (posting never waits on another site).
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** People newly mentioned in a post (commentId null) or a comment; each told once. */
    'wall.mentioned': {
      postId: number;
      commentId: number | null;
      organisationId: number;
      mentionedBy: number;
      userIds: number[];
    };
    /** A comment on someone else's post (its author is told unless the comment mentions them). */
    'wall.commented': {
      postId: number;
      commentId: number;
      organisationId: number;
      commentedBy: number;
      postAuthorId: number;
    };
  }
}

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Fetches (or takes from the cache) the preview of a post's first link and attaches it. */
    'wall.link_preview': { postId: number };
  }
}

export {};
