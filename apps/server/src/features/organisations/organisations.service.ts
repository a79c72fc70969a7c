import { DEFAULT_THEME, type TOrganisationContent } from '@atrium/contract';
import { eq, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { organisations, organisationThemes } from '../../schema/organisations.table.ts';
import type { Organisation } from './organisations.repository.ts';
import { themeImageUrl } from './theme.service.ts';

/** 'LMS.Acme.com:443' → 'lms.acme.com'; undefined for nothing usable. */
export function normaliseHost(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .split('/')[0]!;
  const bare = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.split(':')[0]!;
  return bare || undefined;
}

/**
 * The organisation a host belongs to: the one whose domain it is, else the
 * default organisation (so a fresh install works on localhost). One indexed query.
 */
export async function resolveOrganisation(
  db: DbOrTx,
  host: string | undefined,
): Promise<Organisation | undefined> {
  const domain = normaliseHost(host);
  const [row] = await db
    .select()
    .from(organisations)
    .where(
      domain
        ? or(eq(organisations.domainUrl, domain), eq(organisations.isDefault, true))
        : eq(organisations.isDefault, true),
    )
    // The domain's own organisation wins over the default.
    .orderBy(organisations.isDefault)
    .limit(1);
  return row;
}

/** Where links in this organisation's mails point: its own base URL, else the install's. */
export function organisationBaseUrl(org: Organisation, fallback: string): string {
  return (org.publicBaseUrl ?? fallback).replace(/\/+$/, '');
}

export function ssoIssuer(
  org: Pick<Organisation, 'ssoIssuerBaseUrl' | 'ssoRealm' | 'ssoClientId'>,
): string | null {
  if (!org.ssoIssuerBaseUrl || !org.ssoClientId) return null;
  const base = org.ssoIssuerBaseUrl.replace(/\/+$/, '');
  return org.ssoRealm ? `${base}/realms/${encodeURIComponent(org.ssoRealm)}` : base;
}

const DEFAULT_CONTENT: TOrganisationContent = {
  id: null,
  domain_url: null,
  title: 'Atrium',
  welcome_message: null,
  logo: null,
  header_login_logo1: null,
  header_login_logo2: null,
  login_banner_image: null,
  site_logo: null,
  ...DEFAULT_THEME,
  custom_field: null,
  organization: [],
  allow_signup: false,
  idle: { mode: 'prompt', minutes: 10 },
  sso: null,
};

/** The public theme of spec §3 for a host; the spec §9 defaults where nothing is set. */
export async function organisationContent(
  db: DbOrTx,
  host: string | undefined,
): Promise<TOrganisationContent> {
  const org = await resolveOrganisation(db, host);
  if (!org) return DEFAULT_CONTENT;
  return contentOf(db, org);
}

/** The same content for a known organisation (the theme editor's answer). */
export async function organisationContentById(
  db: DbOrTx,
  id: number,
): Promise<TOrganisationContent> {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!org) throw notFound('Organisation not found.');
  return contentOf(db, org);
}

async function contentOf(db: DbOrTx, org: Organisation): Promise<TOrganisationContent> {
  const [theme] = await db
    .select()
    .from(organisationThemes)
    .where(eq(organisationThemes.organisationId, org.id));
  const issuer = ssoIssuer(org);
  return {
    id: org.id,
    domain_url: org.domainUrl,
    title: theme?.title ?? org.title,
    welcome_message: theme?.welcomeMessage ?? null,
    logo: themeImageUrl(org.id, 'logo', theme?.logo ?? null),
    header_login_logo1: themeImageUrl(
      org.id,
      'header_login_logo1',
      theme?.headerLoginLogo1 ?? null,
    ),
    header_login_logo2: themeImageUrl(
      org.id,
      'header_login_logo2',
      theme?.headerLoginLogo2 ?? null,
    ),
    login_banner_image: themeImageUrl(
      org.id,
      'login_banner_image',
      theme?.loginBannerImage ?? null,
    ),
    site_logo: themeImageUrl(org.id, 'site_logo', theme?.siteLogo ?? null),
    heading_color: theme?.headingColor ?? DEFAULT_THEME.heading_color,
    theme_color: theme?.themeColor ?? DEFAULT_THEME.theme_color,
    link_color: theme?.linkColor ?? DEFAULT_THEME.link_color,
    text_color: theme?.textColor ?? DEFAULT_THEME.text_color,
    button_color: theme?.buttonColor ?? DEFAULT_THEME.button_color,
    table_head_color: theme?.tableHeadColor ?? DEFAULT_THEME.table_head_color,
    custom_field: theme?.customField ?? null,
    organization: [{ id: org.id, title: org.title, acronym: org.acronym }],
    allow_signup: org.allowSignup,
    idle: { mode: org.idleMode, minutes: org.idleMinutes },
    sso: issuer ? { issuer, realm: org.ssoRealm, client_id: org.ssoClientId! } : null,
  };
}

/** External links of the caller's organisation; null where none is configured. */
export async function organisationLinks(
  db: DbOrTx,
  organisationId: number,
): Promise<{ helpDesk: string | null; meeting: string | null }> {
  const [row] = await db
    .select({ helpDesk: organisations.helpDeskUrl, meeting: organisations.meetingUrl })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return { helpDesk: row?.helpDesk ?? null, meeting: row?.meeting ?? null };
}

/**
 * Reloads the per-host identity-provider origins the CSP allows: every
 * organisation that answers on a host (its domain, or the default one) with
 * its issuer when single sign-on is enabled for it.
 */
export async function refreshSsoOrigins(ctx: Pick<AppContext, 'db' | 'ssoOrigins'>): Promise<void> {
  const rows = await ctx.db
    .select({
      domainUrl: organisations.domainUrl,
      isDefault: organisations.isDefault,
      ssoIssuerBaseUrl: organisations.ssoIssuerBaseUrl,
      ssoRealm: organisations.ssoRealm,
      ssoClientId: organisations.ssoClientId,
    })
    .from(organisations)
    .where(or(isNotNull(organisations.domainUrl), eq(organisations.isDefault, true)));
  ctx.ssoOrigins.replace(
    rows.map((r) => ({ domain: r.domainUrl, isDefault: r.isDefault, issuer: ssoIssuer(r) })),
  );
}
