import { contactMessages } from '../../src/schema/support.table.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import { PNG } from '../factories/catalogue.ts';
import { call } from '../http.ts';
import type { IdCall } from './calls.ts';

/**
 * Support (issue 23) in the cross-organisation test: a contact message addressed to acme, which
 * only acme's admins may mark handled. Written directly (the public form answers no id). And a
 * support ticket acme's learner opened with a screenshot, which only acme's staff and the
 * learner see.
 */
export interface SupportObjects {
  contactMessage: number;
  supportTicket: number;
  supportAttachment: number;
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
  const ticket = await call(t.app, 'POST', '/api/support/tickets/', {
    token: acme.learner.token,
    form: [
      { name: 'subject', value: 'Help' },
      { name: 'category', value: 'other' },
      { name: 'description', value: 'Please help.' },
      { name: 'attachments', filename: 'screen.png', content: PNG, type: 'image/png' },
    ],
  });
  if (ticket.statusCode !== 201) throw new Error(`support ticket: ${ticket.body}`);
  const opened = ticket.json() as { id: number; attachments: { id: number }[] };
  return {
    contactMessage: row!.id,
    supportTicket: opened.id,
    supportAttachment: opened.attachments[0]!.id,
  };
}

export const SUPPORT_CALLS: Record<string, IdCall> = {
  'PATCH /api/support/contact/:id/': {
    params: (f) => ({ id: f.contactMessage }),
    body: () => ({ handled: true }),
  },
  'GET /api/support/tickets/:id/': { params: (f) => ({ id: f.supportTicket }) },
  'PATCH /api/support/tickets/:id/': {
    params: (f) => ({ id: f.supportTicket }),
    body: () => ({ priority: 'high' }),
  },
  'POST /api/support/tickets/:id/messages/': {
    params: (f) => ({ id: f.supportTicket }),
    body: () => ({ parts: [{ name: 'body', value: 'Taken over' }] }),
  },
  'GET /api/support/tickets/:id/attachments/:attachmentId/': {
    params: (f) => ({ id: f.supportTicket, attachmentId: f.supportAttachment }),
  },
  'GET /api/support/tickets/:id/assignees/': { params: (f) => ({ id: f.supportTicket }) },
};
