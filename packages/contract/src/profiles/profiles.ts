import { z } from 'zod';
import { MAX_ID } from '../core/ids.ts';
import {
  calendarDate,
  NOTHING_TO_CHANGE,
  notEmpty,
  optionalText,
  refId,
  requiredLine,
} from './profile-fields.ts';
import { GENDER_IDS, ZChoice } from './profile-lists.ts';
import {
  ZAdditionalInfo,
  ZAddress,
  ZEducation,
  ZProfessionalInfo,
  ZSocialMedia,
} from './profile-sections.ts';

export * from './profile-fields.ts';
export * from './profile-lists.ts';
export * from './profile-sections.ts';

/** Profile photos: what the upload accepts; stored as a square webp of PROFILE_IMAGE_SIZE. */
export const PROFILE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_SIZE = 256;
export const ZProfileImage = z.object({ photo_url: z.string() });
export type TProfileImage = z.infer<typeof ZProfileImage>;

export const ZUserIdParams = z.object({
  id: z.coerce
    .number('The user id must be a number.')
    .int('The user id must be a number.')
    .positive('The user id must be a number.')
    .max(MAX_ID, 'The user id must be a number.'),
});
export const ZImageQuery = z.object({
  /** A version tag that changes with the photo, so a browser may cache each version. */
  v: z.string().max(32).optional(),
});

// A phone number as people write it: digits with optional +, spaces, dots, dashes, brackets.
const PHONE = /^\+?[\d(][\d\s().-]{1,27}\d$/;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * PATCH {id}/: what a user may change on their own profile; `email` only an
 * admin changing it for someone else. Strict: role, approval, organisation,
 * activity, user name or permissions in the payload are refused (400), so
 * nobody raises their own privileges through their profile.
 */
export const ZProfileUpdate = z
  .strictObject({
    first_name: requiredLine('first name', 150),
    last_name: optionalText('last name', 150),
    gender: z.enum(GENDER_IDS, 'Choose a gender from the list.').nullable(),
    phone: z
      .string()
      .trim()
      .transform((v) => (v === '' ? null : v))
      .pipe(z.string().regex(PHONE, 'Enter a phone number such as +44 20 7946 0958.').nullable())
      .nullable(),
    date_of_birth: calendarDate('date of birth')
      .refine((v) => v <= today(), 'The date of birth cannot be in the future.')
      .nullable(),
    bio: optionalText('bio', 2000, true),
    department: refId('department').nullable(),
    designation: refId('designation').nullable(),
    location: refId('location').nullable(),
    email: z
      .string()
      .trim()
      .pipe(
        z
          .email('Enter a valid e-mail address.')
          .max(254, 'The e-mail address must be at most 254 characters.'),
      ),
  })
  .partial()
  .refine(notEmpty, NOTHING_TO_CHANGE);
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

/** What the caller may do to the profile, from the server's profile policy; the web shows its forms from it. */
export const ZProfileAbilities = z.object({
  edit: z.boolean(),
  /** E-mail is the key to password resets: an administrator changes it, not its owner. */
  change_email: z.boolean(),
});
export type TProfileAbilities = z.infer<typeof ZProfileAbilities>;

/** user-profile-details/{id}/: the whole profile in one answer. */
export const ZProfileDetails = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  fullname: z.string(),
  role: ZRef,
  organization: z.object({ id: z.number().int(), title: z.string() }),
  is_active: z.boolean(),
  approval_status: z.number().int(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  profile: z.object({
    department: ZRef.nullable(),
    designation: ZRef.nullable(),
    location: ZRef.nullable(),
    gender: ZChoice.nullable(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    bio: z.string().nullable(),
    photo_url: z.string().nullable(),
  }),
  education: z.array(ZEducation),
  professional_info: z.array(ZProfessionalInfo),
  location: ZAddress.nullable(),
  additional_info: ZAdditionalInfo.nullable(),
  social_media: ZSocialMedia.nullable(),
  /** abilities.edit and abilities.change_email, kept for the clients that read them. */
  can_edit: z.boolean(),
  can_edit_email: z.boolean(),
  abilities: ZProfileAbilities,
});
export type TProfileDetails = z.infer<typeof ZProfileDetails>;
