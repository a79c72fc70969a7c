/**
 * Domain events of discussions. The notifications slice tells the followers of a topic about a
 * new answer, and the author of an answer that it was accepted (recognition will award points
 * for it later).
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** An answer (or a reply) was posted; its author follows the topic from then on. */
    'discussion.answered': {
      discussionId: number;
      answerId: number;
      organisationId: number;
      answeredBy: number;
    };
    /** A question's answer was accepted (not raised when the acceptance is taken back). */
    'discussion.answer_accepted': {
      discussionId: number;
      answerId: number;
      organisationId: number;
      acceptedBy: number;
      answerAuthorId: number;
    };
  }
}

export {};
