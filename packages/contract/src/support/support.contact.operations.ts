import { ZIdParams } from '../core/ids.ts';
import { defineOperation } from '../core/operation.ts';
import {
  ZContactCreate,
  ZContactMessage,
  ZContactPage,
  ZContactQuery,
  ZContactReceipt,
  ZContactUpdate,
} from './support.contact.ts';

const tags = ['support'];
const admins = 'Admins (their organisation’s messages); superadmins every organisation’s';

/** `/contactUs`: the public form and the admins' list of what came in. */
export const supportContactOps = {
  sendContact: defineOperation({
    method: 'POST',
    path: '/api/support/contact/',
    body: ZContactCreate,
    response: ZContactReceipt,
    status: 201,
    errors: [400, 429] as const,
    summary:
      'Write to the organisation (of the signed-in caller, else of the domain, else the default)',
    access: 'Anyone, signed in or not (rate limited per address)',
    tags,
  }),
  contactMessages: defineOperation({
    method: 'GET',
    path: '/api/support/contact/',
    query: ZContactQuery,
    response: ZContactPage,
    errors: [400, 401, 403] as const,
    summary: 'Contact messages, newest first',
    access: admins,
    tags,
  }),
  updateContact: defineOperation({
    method: 'PATCH',
    path: '/api/support/contact/:id/',
    params: ZIdParams,
    body: ZContactUpdate,
    response: ZContactMessage,
    errors: [400, 401, 403, 404] as const,
    summary: 'Mark a contact message handled (or not)',
    access: admins,
    tags,
  }),
};
