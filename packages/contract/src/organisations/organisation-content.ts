import { z } from 'zod';

export const ZOrganisationContentQuery = z.object({
  domain: z.string().trim().max(253).optional(),
});

/** Spec §3 organisation theme plus what the sign-in page needs (SSO, idle policy). */
export const ZOrganisationContent = z.object({
  id: z.number().int().nullable(),
  domain_url: z.string().nullable(),
  title: z.string(),
  welcome_message: z.string().nullable(),
  logo: z.string().nullable(),
  header_login_logo1: z.string().nullable(),
  header_login_logo2: z.string().nullable(),
  login_banner_image: z.string().nullable(),
  site_logo: z.string().nullable(),
  heading_color: z.string(),
  theme_color: z.string(),
  link_color: z.string(),
  text_color: z.string(),
  button_color: z.string(),
  table_head_color: z.string(),
  custom_field: z.string().nullable(),
  organization: z.array(z.object({ id: z.number().int(), title: z.string(), acronym: z.string() })),
  allow_signup: z.boolean(),
  idle: z.object({ mode: z.enum(['prompt', 'logout']), minutes: z.number().int() }),
  sso: z
    .object({
      issuer: z.string(),
      realm: z.string().nullable(),
      client_id: z.string(),
    })
    .nullable(),
});
export type TOrganisationContent = z.infer<typeof ZOrganisationContent>;

/** Spec §7: the help-desk link GET returns `result` (a URL), null when none is set. */
export const ZLinkResult = z.object({ result: z.string().nullable() });
