import {
  EDUCATION_YEARS_MESSAGE,
  PROFESSIONAL_DATES_MESSAGE,
  type TAddress,
  type TEducation,
  type TProfessionalInfo,
  type TProfileDetails,
  type TSocialMedia,
  ZAddressCreate,
  ZEducationCreate,
  ZProfessionalInfoCreate,
  ZProfileUpdate,
  ZSocialMediaCreate,
} from '@atrium/contract';
import { z } from 'zod';

/** A blank input means "not set": null, then the contract's own rule. */
const blankIsNull = <T extends z.ZodType<unknown, string | null>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule);

const yearInput = <T extends z.ZodType<unknown, number | null>>(rule: T, label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^\d{4}$/.test(value),
      `Enter the ${label} as a year such as 2015.`,
    )
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(rule);

const text = (value: string | null | undefined) => value ?? '';

// Basics (PATCH {id}/).
const basics = ZProfileUpdate.shape;
export const ZBasicsForm = z.object({
  first_name: basics.first_name.unwrap(),
  last_name: basics.last_name.unwrap(),
  gender: blankIsNull(basics.gender.unwrap()),
  phone: basics.phone.unwrap(),
  date_of_birth: blankIsNull(basics.date_of_birth.unwrap()),
  bio: basics.bio.unwrap(),
  email: basics.email.unwrap(),
  department: z.number().nullable(),
  designation: z.number().nullable(),
  location: z.number().nullable(),
});
export type BasicsFormValues = z.input<typeof ZBasicsForm>;
export type BasicsValues = z.output<typeof ZBasicsForm>;
export const BASICS_FIELDS = Object.keys(ZBasicsForm.shape) as (keyof BasicsFormValues)[];

export function basicsFormValues(profile: TProfileDetails): BasicsFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    gender: profile.profile.gender?.id ?? '',
    phone: text(profile.profile.phone),
    date_of_birth: text(profile.profile.date_of_birth),
    bio: text(profile.profile.bio),
    email: profile.email,
    department: profile.profile.department?.id ?? null,
    designation: profile.profile.designation?.id ?? null,
    location: profile.profile.location?.id ?? null,
  };
}

/** The changed basics; e-mail only for those allowed to change it (sending it otherwise is refused). */
export function changedBasics(values: BasicsValues, profile: TProfileDetails) {
  const current: Record<keyof BasicsValues, unknown> = {
    first_name: profile.first_name,
    last_name: profile.last_name === '' ? null : profile.last_name,
    gender: profile.profile.gender?.id ?? null,
    phone: profile.profile.phone,
    date_of_birth: profile.profile.date_of_birth,
    bio: profile.profile.bio,
    email: profile.email,
    department: profile.profile.department?.id ?? null,
    designation: profile.profile.designation?.id ?? null,
    location: profile.profile.location?.id ?? null,
  };
  return changed(values, current, (key) => key !== 'email' || profile.abilities.change_email);
}

function changed<T extends Record<string, unknown>>(
  values: T,
  current: Partial<Record<keyof T, unknown>>,
  allowed: (key: keyof T) => boolean = () => true,
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (allowed(key) && values[key] !== (current[key] ?? null)) changes[key] = values[key];
  }
  return changes;
}

// Education.
const education = ZEducationCreate.shape;
export const ZEducationForm = z
  .object({
    institution: education.institution,
    degree: education.degree,
    field_of_study: education.field_of_study.unwrap(),
    start_year: yearInput(education.start_year.unwrap(), 'start year'),
    end_year: yearInput(education.end_year.unwrap(), 'end year'),
    grade: education.grade.unwrap(),
  })
  .refine((v) => v.start_year === null || v.end_year === null || v.end_year >= v.start_year, {
    message: EDUCATION_YEARS_MESSAGE,
    path: ['end_year'],
  });
export type EducationFormValues = z.input<typeof ZEducationForm>;
export type EducationValues = z.output<typeof ZEducationForm>;
export const EDUCATION_FIELDS = [
  'institution',
  'degree',
  'field_of_study',
  'start_year',
  'end_year',
  'grade',
] as const;

export function educationFormValues(entry?: TEducation): EducationFormValues {
  return {
    institution: text(entry?.institution),
    degree: text(entry?.degree),
    field_of_study: text(entry?.field_of_study),
    start_year: entry?.start_year == null ? '' : String(entry.start_year),
    end_year: entry?.end_year == null ? '' : String(entry.end_year),
    grade: text(entry?.grade),
  };
}

export const changedEducation = (values: EducationValues, entry: TEducation) =>
  changed(values, entry);

// Professional info.
const professional = ZProfessionalInfoCreate.shape;
export const ZProfessionalForm = z
  .object({
    company: professional.company,
    title: professional.title,
    start_date: blankIsNull(professional.start_date.unwrap()),
    end_date: blankIsNull(professional.end_date.unwrap()),
    current: z.boolean(),
    description: professional.description.unwrap(),
  })
  .refine((v) => v.start_date === null || v.end_date === null || v.end_date >= v.start_date, {
    message: PROFESSIONAL_DATES_MESSAGE,
    path: ['end_date'],
  })
  // A current position has no end: the form drops it rather than refusing the save.
  .transform((v) => (v.current ? { ...v, end_date: null } : v));
export type ProfessionalFormValues = z.input<typeof ZProfessionalForm>;
export type ProfessionalValues = z.output<typeof ZProfessionalForm>;
export const PROFESSIONAL_FIELDS = [
  'company',
  'title',
  'start_date',
  'end_date',
  'current',
  'description',
] as const;

export function professionalFormValues(entry?: TProfessionalInfo): ProfessionalFormValues {
  return {
    company: text(entry?.company),
    title: text(entry?.title),
    start_date: text(entry?.start_date),
    end_date: text(entry?.end_date),
    current: entry?.current ?? false,
    description: text(entry?.description),
  };
}

export const changedProfessional = (values: ProfessionalValues, entry: TProfessionalInfo) =>
  changed(values, entry);

// Address (the "location" section) and social media: one each, all fields optional.
const address = ZAddressCreate.shape;
export const ZAddressForm = z.object({
  address_line: address.address_line.unwrap(),
  city: address.city.unwrap(),
  state: address.state.unwrap(),
  country: address.country.unwrap(),
  postal_code: address.postal_code.unwrap(),
});
export type AddressFormValues = z.input<typeof ZAddressForm>;
export const ADDRESS_FIELDS = Object.keys(ZAddressForm.shape) as (keyof AddressFormValues)[];

const social = ZSocialMediaCreate.shape;
export const ZSocialForm = z.object({
  linkedin: social.linkedin.unwrap(),
  twitter: social.twitter.unwrap(),
  facebook: social.facebook.unwrap(),
  github: social.github.unwrap(),
  website: social.website.unwrap(),
});
export type SocialFormValues = z.input<typeof ZSocialForm>;
export const SOCIAL_FIELDS = Object.keys(ZSocialForm.shape) as (keyof SocialFormValues)[];

/** The stored section as form text: null shows as an empty input. */
export function textValues<K extends string>(
  fields: readonly K[],
  stored: Partial<Record<K, string | null>> | null,
): Record<K, string> {
  return Object.fromEntries(fields.map((key) => [key, stored?.[key] ?? ''])) as Record<K, string>;
}

/**
 * What to send for a one-of-a-kind section: everything filled in when creating it (a create
 * must hold something), only the changes when it exists.
 */
export function sectionPayload<T extends Record<string, unknown>>(
  values: T,
  stored: (TAddress | TSocialMedia) | null,
): Partial<T> {
  if (stored === null) {
    return Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== null),
    ) as Partial<T>;
  }
  return changed(values, stored as unknown as Partial<Record<keyof T, unknown>>);
}
