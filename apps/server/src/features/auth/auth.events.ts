/**
 * Domain events of authentication. Gamification awards the daily sign-in from `user.signed_in`
 * (once per UTC day by its source key, so signing out and in again earns nothing).
 */

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** A session was opened (password or SSO), in the organisation it was opened for. */
    'user.signed_in': {
      userId: number;
      organisationId: number;
      loginFrom: string;
      /** ISO time. */
      signedInAt: string;
    };
  }
}

export {};
