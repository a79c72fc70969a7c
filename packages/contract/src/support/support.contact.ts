import { z } from 'zod';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * The contact form (`/contactUs`, issue 23): anyone, signed in or not, writes to the organisation
 * (name, e-mail, subject, message); its admins read the messages and mark them handled. The form
 * carries a honeypot field that people never see and bots fill in.
 */

export const CONTACT_NAME_MAX = 150;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5_000;
/** The hidden field's name: plausible enough that a form-filling bot fills it. */
export const CONTACT_HONEYPOT = 'website';

const required = (max: number) =>
  plainText().trim().min(1, 'This field may not be blank.').max(max, `At most ${max} characters.`);

export const ZContactCreate = z.object({
  name: required(CONTACT_NAME_MAX),
  email: z.email('Enter a valid e-mail address.').max(CONTACT_EMAIL_MAX),
  subject: required(CONTACT_SUBJECT_MAX),
  message: required(CONTACT_MESSAGE_MAX),
  /** The honeypot: empty from a person. Bounded like the rest, so it is no way to send a lot. */
  [CONTACT_HONEYPOT]: z.string().max(500).optional(),
});
export type TContactCreate = z.infer<typeof ZContactCreate>;

/** The same answer whether the message was kept or quietly dropped (a filled honeypot). */
export const ZContactReceipt = z.object({ detail: z.string() });
export type TContactReceipt = z.infer<typeof ZContactReceipt>;

export const ZContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account when they were signed in. */
  user_id: z.number().int().nullable(),
  handled: z.boolean(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

export const ZContactPage = zPage(ZContactMessage);
export type TContactPage = z.infer<typeof ZContactPage>;

export const ZContactQuery = ZPageQuery.extend({
  /** Words of the name, e-mail, subject or message. */
  search: plainText().trim().max(100).optional(),
  handled: z.enum(['true', 'false']).optional(),
});
export type TContactQueryInput = z.input<typeof ZContactQuery>;

export const ZContactUpdate = z.object({ handled: z.boolean() });
export type TContactUpdate = z.infer<typeof ZContactUpdate>;
