/**
 * Domain events of blogs. The notifications slice tells a post's author of a comment
 * (`blog_comment`). `blog.published` is raised on every publication (the first and any after an
 * unpublish) and nobody listens yet: a "new post" notification to the whole organisation would be
 * the natural next step, left out until people ask for it (a busy blog would flood inboxes).
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A comment on someone else's post (never raised when authors comment on their own). */
    'blog.commented': {
      postId: number;
      commentId: number;
      organisationId: number;
      commentedBy: number;
      postAuthorId: number;
    };
    'blog.published': {
      postId: number;
      organisationId: number;
      publishedBy: number;
      first: boolean;
    };
  }
}

export {};
