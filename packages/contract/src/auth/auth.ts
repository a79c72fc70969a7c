import { z } from 'zod';
import { plainText } from '../core/plain-text.ts';

/** Spec §8: the one sign-in failure text, whatever was wrong. */
export const SIGN_IN_FAILED = 'Invalid domain, user name or password';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const password = z
  .string()
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters long.`)
  .max(PASSWORD_MAX, `The password must be at most ${PASSWORD_MAX} characters long.`);

export const ZLoginRequest = z.strictObject({
  username: z.string().trim().min(1, 'Enter your user name.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
  /** The organisation's domain when the page's host is not it (spec: "or a domain field"). */
  domain: z.string().trim().max(253).optional(),
  /** 'sa': the super-admin sign-in of /sa, admitted on any domain. */
  portal: z.enum(['web', 'sa']).default('web'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({ auth_token: z.string() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZSignupRequest = z
  .strictObject({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.@+_-]{3,150}$/, 'Use 3 to 150 letters, digits or . @ + _ - characters.'),
    email: z.email('Enter a valid e-mail address.').max(254),
    password,
    re_password: z.string().max(1024).optional(),
    first_name: plainText().trim().max(150).default(''),
    last_name: plainText().trim().max(150).default(''),
    // No `domain`: the organisation is the request's host's (a body field would let
    // anyone pick whose public_base_url the mail links use).
  })
  .refine((b) => b.re_password === undefined || b.re_password === b.password, {
    message: 'The two passwords do not match.',
    path: ['re_password'],
  });
export type TSignupRequest = z.input<typeof ZSignupRequest>;
/** The same answer whether or not the name or address was taken (no id: it would tell). */
export const ZSignupResponse = z.object({
  username: z.string(),
  email: z.string(),
  message: z.string(),
});

export const ZActivationRequest = z.strictObject({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(200),
});

export const ZResetRequest = z.strictObject({
  email: z.string().trim().min(1, 'Enter your e-mail address or user name.').max(254),
  // No `domain`: the account must belong to the organisation of the request's host.
});

export const ZResetConfirm = z
  .strictObject({
    uid: z.string().max(64).optional(),
    token: z.string().max(200).optional(),
    email: z.string().trim().max(254).optional(),
    otp: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code has 6 digits.')
      .optional(),
    new_password: password,
    re_new_password: z.string().max(1024).optional(),
  })
  .refine((b) => (b.uid && b.token) || (b.email && b.otp), {
    message: 'Send either the link (uid and token) or your e-mail address and the code.',
  })
  .refine((b) => b.re_new_password === undefined || b.re_new_password === b.new_password, {
    message: 'The two passwords do not match.',
    path: ['re_new_password'],
  });
export type TResetConfirm = z.input<typeof ZResetConfirm>;

export const ZMessage = z.object({ message: z.string() });

const ZRoleRef = z.object({ id: z.number().int(), name: z.string() });

/** Spec §3 session user, as GET /api/v1/me/ returns it. */
export const ZSessionUser = z.object({
  id: z.number().int(),
  authorized: z.literal(true),
  username: z.string(),
  role: ZRoleRef,
  is_approved: z.boolean(),
  approval_status: z.number().int(),
  fullname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  login_from: z.string(),
  membership: z.object({
    role: ZRoleRef,
    view_role: ZRoleRef,
    organization: z.object({ id: z.number().int(), title: z.string(), acronym: z.string() }),
  }),
  profile: z.object({
    file_name: z.string().nullable(),
    /** JSON-encoded list of menu entries (spec §3 keeps it a string). */
    permissions: z.string(),
    unread_notification: z.number().int(),
  }),
  user_badge: z
    .object({
      /** The learner's level (Atrium adds it to spec §3's shape: the top bar says it). */
      badge_name: z.string(),
      badge_color: z.string().nullable(),
      badge_image_fk: z.object({ file: z.string().nullable() }).nullable(),
    })
    .nullable(),
  /**
   * Feature keys (admin FEATURE_KEYS) the organisation has turned off: the web hides their menu
   * entries. Atrium's addition to spec §3; absent means none.
   */
  disabled_features: z.array(z.string()).optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** Cookie and header names shared by server and web. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const TOKEN_COOKIE = 'token';
