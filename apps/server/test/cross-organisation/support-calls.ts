import { contactMessages } from '../../src/schema/support.table.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import type { IdCall } from './calls.ts';

/**
 * Support (issue 23) in the cross-organisation test: a contact message addressed to acme, which
 * only acme's admins may mark handled. Written directly (the public form answers no id).
 */
export interface SupportObjects {
  contactMessage: number;
}

export async function makeSupportObjects(t: TestApp, acme: Staff): Promise<SupportObjects> {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      organisationId: acme.org.id,
      name: 'Visitor',
      email: 'visitor@example.test',
      subject: 'Question',
      message: 'How do I join?',
    })
    .returning({ id: contactMessages.id });
  return { contactMessage: row!.id };
}

export const SUPPORT_CALLS: Record<string, IdCall> = {
  'PATCH /api/support/contact/:id/': {
    params: (f) => ({ id: f.contactMessage }),
    body: () => ({ handled: true }),
  },
};
