import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    acronym: varchar('acronym', { length: 20 }).notNull(),
    /** Host name this organisation answers for, e.g. 'learn.acme.com'; lower-case. */
    domainUrl: varchar('domain_url', { length: 253 }),
    /** Answers for every host no other organisation claims. Exactly one at most. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Where links in mails point (reset, verification); never taken from a request. */
    publicBaseUrl: text('public_base_url'),
    /** Visitors of this organisation's domain may create learner accounts at /signup. */
    allowSignup: boolean('allow_signup').notNull().default(true),
    /** Idle policy of the web app: 'prompt' after idle_minutes (spec default) or silent 'logout'. */
    idleMode: varchar('idle_mode', { length: 10 })
      .notNull()
      .default('prompt')
      .$type<'prompt' | 'logout'>(),
    idleMinutes: integer('idle_minutes').notNull().default(10),
    /** Licence seats: the most active members the organisation may have; null is unlimited. */
    licenceSeats: integer('licence_seats'),
    /** External pages the side menu opens: Help Desk and Video Conferencing. */
    helpDeskUrl: text('help_desk_url'),
    meetingUrl: text('meeting_url'),
    /** OIDC single sign-on: issuer base URL, optional Keycloak realm, public client id. */
    ssoIssuerBaseUrl: text('sso_issuer_base_url'),
    ssoRealm: varchar('sso_realm', { length: 100 }),
    ssoClientId: varchar('sso_client_id', { length: 200 }),
    /** Create a learner account for a first-time SSO user instead of refusing them. */
    ssoAutoProvision: boolean('sso_auto_provision').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisations_idle_mode_ck', sql`${t.idleMode} in ('prompt', 'logout')`),
    uniqueIndex('organisations_domain_url_uq').on(t.domainUrl),
    uniqueIndex('organisations_single_default_uq').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/** The look of an organisation (spec §3 organisation theme); one row per organisation. */
export const organisationThemes = pgTable('organisation_themes', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 200 }),
  welcomeMessage: text('welcome_message'),
  logo: text('logo'),
  headerLoginLogo1: text('header_login_logo1'),
  headerLoginLogo2: text('header_login_logo2'),
  loginBannerImage: text('login_banner_image'),
  siteLogo: text('site_logo'),
  headingColor: varchar('heading_color', { length: 9 }),
  themeColor: varchar('theme_color', { length: 9 }),
  linkColor: varchar('link_color', { length: 9 }),
  textColor: varchar('text_color', { length: 9 }),
  buttonColor: varchar('button_color', { length: 9 }),
  tableHeadColor: varchar('table_head_color', { length: 9 }),
  customField: text('custom_field'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
