import {
  type TOrganisation,
  type TOrganisationUpdate,
  ZOrganisationCreate,
} from '@atrium/contract';
import { z } from 'zod';

const field = ZOrganisationCreate.shape;

/** An optional text input: blank means "not set" (null), anything else must pass the contract. */
const optional = <T extends z.ZodType<unknown, string | null>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule);

/** A whole-number input, blank allowed where the contract allows null. */
const wholeNumber = <T extends z.ZodType<unknown, number | null>>(
  rule: T,
  message: string,
  blankAllowed: boolean,
) =>
  z
    .string()
    .trim()
    .refine((value) => (blankAllowed && value === '') || /^\d+$/.test(value), message)
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(rule);

/**
 * The organisation form (create dialog and settings card): text inputs as strings, turned into
 * the contract's payload with the contract's own rules (spec §5: acronym letters, digits and
 * spaces; host name; http(s) URLs; maximum lengths).
 */
export const ZOrganisationForm = z.object({
  title: field.title,
  acronym: field.acronym,
  domain_url: optional(field.domain_url.unwrap()),
  public_base_url: optional(field.public_base_url.unwrap()),
  licence_seats: wholeNumber(
    field.licence_seats.unwrap(),
    'Enter a whole number of seats, or leave it empty for no limit.',
    true,
  ),
  allow_signup: z.boolean(),
  idle_mode: field.idle_mode.unwrap(),
  idle_minutes: wholeNumber(
    field.idle_minutes.unwrap(),
    'Enter the idle time in whole minutes (1 to 480).',
    false,
  ),
  help_desk_url: optional(field.help_desk_url.unwrap()),
  meeting_url: optional(field.meeting_url.unwrap()),
  sso_issuer_base_url: optional(field.sso_issuer_base_url.unwrap()),
  sso_realm: optional(field.sso_realm.unwrap()),
  sso_client_id: optional(field.sso_client_id.unwrap()),
  sso_auto_provision: z.boolean(),
});
export type OrganisationFormValues = z.input<typeof ZOrganisationForm>;
export type OrganisationPayload = z.output<typeof ZOrganisationForm>;
export type OrganisationField = keyof OrganisationFormValues;

export const ORGANISATION_FIELDS = Object.keys(ZOrganisationForm.shape) as OrganisationField[];

/**
 * Only a superadmin decides what an organisation is and what it may use, where its mail links
 * point and which identity provider it trusts (server rule: an admin changing them gets 403).
 */
export const SUPERADMIN_ONLY_FIELDS: readonly OrganisationField[] = [
  'domain_url',
  'public_base_url',
  'licence_seats',
  'sso_issuer_base_url',
];

/** The form's starting values: a new organisation's defaults, or the stored ones. */
export function organisationFormValues(organisation?: TOrganisation): OrganisationFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    title: text(organisation?.title),
    acronym: text(organisation?.acronym),
    domain_url: text(organisation?.domain_url),
    public_base_url: text(organisation?.public_base_url),
    licence_seats: organisation?.licence_seats == null ? '' : String(organisation.licence_seats),
    allow_signup: organisation?.allow_signup ?? false,
    idle_mode: organisation?.idle_mode ?? 'prompt',
    idle_minutes: String(organisation?.idle_minutes ?? 10),
    help_desk_url: text(organisation?.help_desk_url),
    meeting_url: text(organisation?.meeting_url),
    sso_issuer_base_url: text(organisation?.sso_issuer_base_url),
    sso_realm: text(organisation?.sso_realm),
    sso_client_id: text(organisation?.sso_client_id),
    sso_auto_provision: organisation?.sso_auto_provision ?? false,
  };
}

/**
 * What a settings save sends: the fields that differ from the stored organisation, without the
 * ones the caller may not change (an admin sending even an unchanged domain is refused).
 */
export function changedOrganisationFields(
  payload: OrganisationPayload,
  current: TOrganisation,
  allowed: (field: OrganisationField) => boolean,
): TOrganisationUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of ORGANISATION_FIELDS) {
    if (!allowed(key)) continue;
    if (payload[key] !== current[key]) changes[key] = payload[key];
  }
  return changes as TOrganisationUpdate;
}
