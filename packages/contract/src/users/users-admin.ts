import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

const roleList = z
  .string()
  .regex(/^[1-5](,[1-5])*$/, 'Use role ids separated by commas, e.g. 3,4.')
  .transform((v) => [...new Set(v.split(',').map(Number))]);

export const USER_STATUSES = ['active', 'inactive', 'pending', 'rejected'] as const;

export const ZUserListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  role: roleList.optional(),
  department: zIdParam.optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** Superadmin only: another organisation's users. */
  organization: zIdParam.optional(),
  ordering: z
    .enum([
      'username',
      '-username',
      'date_joined',
      '-date_joined',
      'last_login',
      '-last_login',
      'name',
      '-name',
    ])
    .default('-date_joined'),
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;

export const ZUserExportQuery = ZUserListQuery.omit({ page: true, page_size: true }).extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

const ZRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

/**
 * What the caller may do to a user of the list, from the server's users policy (the same
 * predicates that refuse user-action/, remove-user/ and get_permission/): the web shows row
 * actions from it. Which status change suits the user's status is left to the screen.
 */
export const ZUserAbilities = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  activate: z.boolean(),
  deactivate: z.boolean(),
  change_role: z.boolean(),
  edit_permissions: z.boolean(),
  /** remove-user/. */
  delete: z.boolean(),
});
export type TUserAbilities = z.infer<typeof ZUserAbilities>;

export const ZUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  fullname: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  is_active: z.boolean(),
  approval_status: z.number().int(),
  status: z.enum(USER_STATUSES),
  department: ZRef,
  designation: ZRef,
  location: ZRef,
  date_joined: z.string(),
  last_login: z.string().nullable(),
  abilities: ZUserAbilities,
});
export type TUserRow = z.infer<typeof ZUserRow>;

const optionalId = zIdParam.optional();

/** add-user/ is multipart (with an optional `photo` file); these are its text fields. */
export const ZAddUser = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.@+_-]{3,150}$/, 'Use 3 to 150 letters, digits or . @ + _ - characters.'),
  email: z.email('Enter a valid e-mail address.').max(254),
  first_name: plainText().trim().max(150).default(''),
  last_name: plainText().trim().max(150).default(''),
  role: z.coerce.number().int().min(1).max(5),
  department: optionalId,
  designation: optionalId,
  location: optionalId,
  /** Leave empty to mail the user a link to choose their own password. */
  password: z.string().max(128).optional(),
  /** Superadmin only. */
  organization: optionalId,
});
export type TAddUser = z.infer<typeof ZAddUser>;

/** user-action/ and remove-user/: a superadmin names the organisation the user belongs to. */
export const ZUserTargetQuery = z.strictObject({
  organization: zIdParam.optional(),
});
export const ZUserAction = z.discriminatedUnion('action', [
  z.strictObject({ action: z.enum(['approve', 'reject', 'activate', 'deactivate']) }),
  z.strictObject({ action: z.literal('change_role'), role: z.number().int().min(1).max(5) }),
]);
export type TUserAction = z.infer<typeof ZUserAction>;

export const ZLicence = z.object({
  organization: z.object({ id: z.number().int(), title: z.string(), acronym: z.string() }),
  seats: z.number().int().nullable(),
  used: z.number().int(),
  available: z.number().int().nullable(),
});
export type TLicence = z.infer<typeof ZLicence>;
export const ZLicenceUpdate = z.strictObject({
  organization: zId,
  seats: z.number().int().min(0).max(10_000_000).nullable(),
});
