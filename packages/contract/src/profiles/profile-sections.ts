import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import {
  calendarDate,
  endNotBefore,
  NOTHING_TO_CHANGE,
  notEmpty,
  optionalText,
  optionalUrl,
  rangeRule,
  refId,
  requiredLine,
  year,
} from './profile-fields.ts';
import { isLanguageCode, ZChoice } from './profile-lists.ts';

/**
 * The sections of a profile (spec §7: education, professional info, location,
 * additional info, social media). A create may name `user`: an admin filling
 * in the profile of someone of their organisation; without it the section is
 * the caller's own. An update never moves a section to another user.
 */
const owner = { user: refId('user').optional() };

/** At least one field filled in, so a create never stores an empty section. */
const hasContent = ({ user: _user, ...fields }: Record<string, unknown>) =>
  Object.values(fields).some((v) => v != null && !(Array.isArray(v) && v.length === 0));
const NOTHING_TO_SAVE = 'Fill in at least one field.';

// Education: 1:n.
export const EDUCATION_YEARS_MESSAGE = 'The end year cannot be before the start year.';
const yearsInOrder = endNotBefore('start_year', 'end_year', EDUCATION_YEARS_MESSAGE);
const educationFields = {
  institution: requiredLine('institution', 200),
  degree: requiredLine('degree', 200),
  field_of_study: optionalText('field of study', 200),
  start_year: year('start year'),
  end_year: year('end year'),
  grade: optionalText('grade', 50),
};
export const ZEducationCreate = z
  .strictObject({ ...owner, ...educationFields })
  .refine(...yearsInOrder);
export type TEducationCreate = z.input<typeof ZEducationCreate>;
export const ZEducationUpdate = z
  .strictObject(educationFields)
  .partial()
  .refine(...yearsInOrder)
  .refine(notEmpty, NOTHING_TO_CHANGE);
export type TEducationUpdate = z.input<typeof ZEducationUpdate>;
export const EDUCATION_BULK_MAX = 50;
/** bulk-edu-create/: every entry valid or none written. */
export const ZEducationBulkCreate = z
  .array(ZEducationCreate)
  .min(1, 'Send at least one education entry.')
  .max(EDUCATION_BULK_MAX, `Send at most ${EDUCATION_BULK_MAX} education entries at once.`);
export type TEducationBulkCreate = z.input<typeof ZEducationBulkCreate>;
export const ZEducation = z.object({
  id: z.number().int(),
  user: z.number().int(),
  institution: z.string(),
  degree: z.string(),
  field_of_study: z.string().nullable(),
  start_year: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
  grade: z.string().nullable(),
});
export type TEducation = z.infer<typeof ZEducation>;
export const ZEducationList = z.object({ results: z.array(ZEducation) });

// Professional info: 1:n.
export const PROFESSIONAL_DATES_MESSAGE = 'The end date cannot be before the start date.';
export const CURRENT_POSITION_MESSAGE = 'A current position has no end date.';
const datesInOrder = endNotBefore('start_date', 'end_date', PROFESSIONAL_DATES_MESSAGE);
const currentHasNoEnd = rangeRule(
  ['current', 'end_date'],
  (v) => !(v.current === true && v.end_date),
  'end_date',
  CURRENT_POSITION_MESSAGE,
);
const professionalFields = {
  company: requiredLine('company', 200),
  title: requiredLine('title', 200),
  start_date: calendarDate('start date').nullable().optional(),
  end_date: calendarDate('end date').nullable().optional(),
  current: z.boolean().optional(),
  description: optionalText('description', 2000, true),
};
export const ZProfessionalInfoCreate = z
  .strictObject({ ...owner, ...professionalFields })
  .refine(...datesInOrder)
  .refine(...currentHasNoEnd);
export type TProfessionalInfoCreate = z.input<typeof ZProfessionalInfoCreate>;
export const ZProfessionalInfoUpdate = z
  .strictObject(professionalFields)
  .partial()
  .refine(...datesInOrder)
  .refine(...currentHasNoEnd)
  .refine(notEmpty, NOTHING_TO_CHANGE);
export type TProfessionalInfoUpdate = z.input<typeof ZProfessionalInfoUpdate>;
export const ZProfessionalInfo = z.object({
  id: z.number().int(),
  user: z.number().int(),
  company: z.string(),
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  current: z.boolean(),
  description: z.string().nullable(),
});
export type TProfessionalInfo = z.infer<typeof ZProfessionalInfo>;

// Location (the user's address): 1:1.
const addressFields = {
  address_line: optionalText('address', 300),
  city: optionalText('city', 120),
  state: optionalText('state', 120),
  country: optionalText('country', 120),
  postal_code: optionalText('postal code', 20),
};
export const ZAddressCreate = z
  .strictObject({ ...owner, ...addressFields })
  .refine(hasContent, NOTHING_TO_SAVE);
export type TAddressCreate = z.input<typeof ZAddressCreate>;
export const ZAddressUpdate = z.strictObject(addressFields).refine(notEmpty, NOTHING_TO_CHANGE);
export type TAddressUpdate = z.input<typeof ZAddressUpdate>;
export const ZAddress = z.object({
  id: z.number().int(),
  user: z.number().int(),
  address_line: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

// Additional info: 1:1. Languages are ISO 639-1 codes from LANGUAGES; skills are free text.
export const ADDITIONAL_LIST_MAX = 30;
const dedupe = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
const additionalFields = {
  languages: z
    .array(z.string().refine(isLanguageCode, 'Choose languages from the list.'))
    .max(ADDITIONAL_LIST_MAX, `List at most ${ADDITIONAL_LIST_MAX} languages.`)
    .transform(dedupe)
    .optional(),
  skills: z
    .array(requiredLine('skill', 50))
    .max(ADDITIONAL_LIST_MAX, `List at most ${ADDITIONAL_LIST_MAX} skills.`)
    .transform(dedupe)
    .optional(),
  interests: optionalText('interests', 1000, true),
};
export const ZAdditionalInfoCreate = z
  .strictObject({ ...owner, ...additionalFields })
  .refine(hasContent, NOTHING_TO_SAVE);
export type TAdditionalInfoCreate = z.input<typeof ZAdditionalInfoCreate>;
export const ZAdditionalInfoUpdate = z
  .strictObject(additionalFields)
  .refine(notEmpty, NOTHING_TO_CHANGE);
export type TAdditionalInfoUpdate = z.input<typeof ZAdditionalInfoUpdate>;
export const ZAdditionalInfo = z.object({
  id: z.number().int(),
  user: z.number().int(),
  languages: z.array(ZChoice),
  skills: z.array(z.string()),
  interests: z.string().nullable(),
});
export type TAdditionalInfo = z.infer<typeof ZAdditionalInfo>;

// Social media: 1:1, every link an http(s) URL.
const socialFields = {
  linkedin: optionalUrl,
  twitter: optionalUrl,
  facebook: optionalUrl,
  github: optionalUrl,
  website: optionalUrl,
};
export const ZSocialMediaCreate = z
  .strictObject({ ...owner, ...socialFields })
  .refine(hasContent, NOTHING_TO_SAVE);
export type TSocialMediaCreate = z.input<typeof ZSocialMediaCreate>;
export const ZSocialMediaUpdate = z.strictObject(socialFields).refine(notEmpty, NOTHING_TO_CHANGE);
export type TSocialMediaUpdate = z.input<typeof ZSocialMediaUpdate>;
export const ZSocialMedia = z.object({
  id: z.number().int(),
  user: z.number().int(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
  facebook: z.string().nullable(),
  github: z.string().nullable(),
  website: z.string().nullable(),
});
export type TSocialMedia = z.infer<typeof ZSocialMedia>;

export const ZSectionId = z.object({ id: zIdParam });
