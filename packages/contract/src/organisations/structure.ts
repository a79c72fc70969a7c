import { z } from 'zod';
import { zId } from '../core/ids.ts';
import { ZPageQuery } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { alnumSpaces, domainName, httpUrl } from '../core/validators.ts';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1295EE.');

const organisationFields = {
  title: plainText().trim().min(1, 'Enter the title.').max(200),
  acronym: alnumSpaces('acronym', 20),
  domain_url: domainName.nullable(),
  public_base_url: httpUrl.nullable(),
  allow_signup: z.boolean(),
  idle_mode: z.enum(['prompt', 'logout']),
  idle_minutes: z.number().int().min(1).max(480),
  licence_seats: z.number().int().min(0).max(10_000_000).nullable(),
  help_desk_url: httpUrl.nullable(),
  meeting_url: httpUrl.nullable(),
  sso_issuer_base_url: httpUrl.nullable(),
  sso_realm: z.string().trim().max(100).nullable(),
  sso_client_id: z.string().trim().max(200).nullable(),
  sso_auto_provision: z.boolean(),
};

export const ZOrganisationCreate = z.strictObject({
  ...organisationFields,
  domain_url: organisationFields.domain_url.optional(),
  public_base_url: organisationFields.public_base_url.optional(),
  allow_signup: organisationFields.allow_signup.optional(),
  idle_mode: organisationFields.idle_mode.optional(),
  idle_minutes: organisationFields.idle_minutes.optional(),
  licence_seats: organisationFields.licence_seats.optional(),
  help_desk_url: organisationFields.help_desk_url.optional(),
  meeting_url: organisationFields.meeting_url.optional(),
  sso_issuer_base_url: organisationFields.sso_issuer_base_url.optional(),
  sso_realm: organisationFields.sso_realm.optional(),
  sso_client_id: organisationFields.sso_client_id.optional(),
  sso_auto_provision: organisationFields.sso_auto_provision.optional(),
});
export type TOrganisationCreate = z.infer<typeof ZOrganisationCreate>;
export const ZOrganisationUpdate = z.strictObject(organisationFields).partial();
export type TOrganisationUpdate = z.infer<typeof ZOrganisationUpdate>;

export const ZOrganisation = z.object({
  id: z.number().int(),
  title: z.string(),
  acronym: z.string(),
  domain_url: z.string().nullable(),
  public_base_url: z.string().nullable(),
  is_default: z.boolean(),
  allow_signup: z.boolean(),
  idle_mode: z.enum(['prompt', 'logout']),
  idle_minutes: z.number().int(),
  licence_seats: z.number().int().nullable(),
  help_desk_url: z.string().nullable(),
  meeting_url: z.string().nullable(),
  sso_issuer_base_url: z.string().nullable(),
  sso_realm: z.string().nullable(),
  sso_client_id: z.string().nullable(),
  sso_auto_provision: z.boolean(),
  member_count: z.number().int(),
  department_count: z.number().int(),
  created_at: z.string(),
});
export type TOrganisation = z.infer<typeof ZOrganisation>;
export const ZOrganisationListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
});

const departmentName = alnumSpaces('department name', 120);
/**
 * The user who approves for the department's members (approval level "department head"): an
 * active member of the department's organisation; null clears it.
 */
const departmentHead = zId.nullable();

export const ZDepartmentCreate = z.strictObject({
  organization: zId,
  name: departmentName,
  head: departmentHead.optional(),
});
/**
 * Either field alone: renaming keeps the head, and the head changes without a rename (an empty
 * body is refused for every PATCH by the server's input guard).
 */
export const ZDepartmentUpdate = z
  .strictObject({ name: departmentName, head: departmentHead })
  .partial();
export type TDepartmentUpdate = z.infer<typeof ZDepartmentUpdate>;
export const ZDepartment = z.object({
  id: z.number().int(),
  organization: z.number().int(),
  name: z.string(),
  head: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  user_count: z.number().int(),
  designation_count: z.number().int(),
  location_count: z.number().int(),
});
export type TDepartment = z.infer<typeof ZDepartment>;

export const ZDesignationCreate = z.strictObject({
  department: zId,
  name: alnumSpaces('designation', 120),
});
export const ZDesignationUpdate = z.strictObject({ name: alnumSpaces('designation', 120) });
export const ZDesignation = z.object({
  id: z.number().int(),
  department: z.number().int(),
  name: z.string(),
  user_count: z.number().int(),
});
export type TDesignation = z.infer<typeof ZDesignation>;

export const ZLocationCreate = z.strictObject({
  department: zId,
  name: alnumSpaces('location name', 120),
  address: plainText().trim().max(500).nullable().optional(),
});
export const ZLocationUpdate = ZLocationCreate.omit({ department: true }).partial();
export const ZLocation = z.object({
  id: z.number().int(),
  department: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  user_count: z.number().int(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const ZThemeUpdate = z
  .strictObject({
    title: plainText().trim().min(1).max(200),
    welcome_message: plainText().trim().max(1000).nullable(),
    heading_color: colour,
    theme_color: colour,
    link_color: colour,
    text_color: colour,
    button_color: colour,
    table_head_color: colour,
    custom_field: plainText().trim().max(2000).nullable(),
  })
  .partial();
export type TThemeUpdate = z.infer<typeof ZThemeUpdate>;
export const THEME_IMAGE_KINDS = [
  'logo',
  'site_logo',
  'header_login_logo1',
  'header_login_logo2',
  'login_banner_image',
] as const;
export type TThemeImageKind = (typeof THEME_IMAGE_KINDS)[number];
