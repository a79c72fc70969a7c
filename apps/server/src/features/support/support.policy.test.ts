import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../test/policy-table.ts';
import { canSeeTicket, canWorkContact, inboxScope, isTicketStaff } from './support.policy.ts';

/*
 * Support's rules over role × organisation: a contact message (or feedback) is read and worked by
 * the admins of the organisation it was addressed to, and by superadmins anywhere; nobody else.
 */

const table = (rule: (role: string, sameOrg: boolean, own: boolean) => boolean) =>
  Object.fromEntries(
    ['superadmin', 'admin', 'trainer', 'learner'].flatMap((role) =>
      [true, false].flatMap((own) =>
        [true, false].map((same) => [
          `${role} ${own ? 'own' : "other's"} ${same ? 'same' : 'other'} org`,
          rule(role, same, own),
        ]),
      ),
    ),
  ) as Record<string, boolean>;

const ADMINS = table((role, same) => role === 'superadmin' || (role === 'admin' && same));
/** A ticket: its staff, and its requester wherever the ticket sits (they opened it there). */
const TICKET_SEERS = table(
  (role, same, own) => own || role === 'superadmin' || (role === 'admin' && same),
);

describe('support policy', () => {
  it.each(rowsOf(ADMINS).map(([c, row]) => [c.name, c, row] as const))(
    'read or mark a contact message: %s',
    (_n, c, row) => {
      expect(canWorkContact(c.actor, { organisationId: c.organisationId })).toBe(row);
    },
  );
  it.each(rowsOf(TICKET_SEERS).map(([c, row]) => [c.name, c, row] as const))(
    'see a support ticket: %s',
    (_n, c, row) => {
      expect(
        canSeeTicket(c.actor, { organisationId: c.organisationId, requesterId: c.ownerId }),
      ).toBe(row);
    },
  );
  it.each(rowsOf(ADMINS).map(([c, row]) => [c.name, c, row] as const))(
    'work a support ticket as staff (notes, assign, status): %s',
    (_n, c, row) => {
      expect(isTicketStaff(c.actor, { organisationId: c.organisationId })).toBe(row);
    },
  );
  it('scopes the inboxes: superadmins all, admins their organisation, others nothing', () => {
    const cases = rowsOf(ADMINS).map(([x]) => x);
    const scopeOf = (role: string) => {
      const c = cases.find((x) => x.role === role)!;
      return { scope: inboxScope(c.actor), org: c.actor.organisationId };
    };
    expect(scopeOf('superadmin').scope).toEqual({ organisationId: null });
    const admin = scopeOf('admin');
    expect(admin.scope).toEqual({ organisationId: admin.org });
    expect(scopeOf('trainer').scope).toBe('none');
    expect(scopeOf('learner').scope).toBe('none');
  });
});
