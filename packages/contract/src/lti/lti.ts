import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { httpUrl } from '../core/validators.ts';

/**
 * LTI 1.3 platform (issue 24): external tools an organisation's admin registers, launched from
 * course modules (OIDC third-party-initiated login, signed id_token), Deep Linking 2.0 to add
 * their content to a module, Assignment and Grade Services and Names and Role Provisioning.
 */

/** The repository kind of a module item that launches an LTI resource link (no stored bytes). */
export const LTI_FILE_KIND = 'lti';

/** LTI role URIs sent for Atrium's roles (LTI Core 1.3, A.2). */
export const LTI_ROLES = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  administrator: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  contextAdministrator: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
} as const;

/** The AGS and NRPS scopes a tool may ask for with the client-credentials grant. */
export const LTI_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

const customKey = z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, 'Keys are lower-case words with _.');
/** Custom parameters sent with every launch of the tool (`custom` claim). */
export const ZLtiCustom = z
  .record(customKey, plainText().max(500))
  .refine((r) => Object.keys(r).length <= 30, 'At most 30 custom parameters.');

/** PEM public key (SPKI) or one JWK as JSON; checked on the server by importing it. */
const publicKey = z
  .string()
  .trim()
  .max(10_000)
  .refine(
    (v) => v.startsWith('-----BEGIN PUBLIC KEY-----') || v.startsWith('{'),
    'Paste a PEM public key (BEGIN PUBLIC KEY) or a JWK.',
  );

const toolFields = {
  name: plainText().trim().min(1, 'Enter the tool’s name.').max(150),
  deployment_id: plainText().trim().min(1, 'Enter the deployment id.').max(255),
  login_url: httpUrl,
  launch_url: httpUrl,
  deep_linking_url: httpUrl.nullable().default(null),
  jwks_url: httpUrl.nullable().default(null),
  public_key: publicKey.nullable().default(null),
  /** Privacy: what the id_token tells the tool about the person. */
  share_name: z.boolean().default(true),
  share_email: z.boolean().default(false),
  custom: ZLtiCustom.default({}),
  enabled: z.boolean().default(true),
};

const needsKey = (v: { jwks_url?: string | null; public_key?: string | null }) =>
  Boolean(v.jwks_url) !== Boolean(v.public_key);
const KEY_MESSAGE = 'Give either the tool’s JWKS URL or its public key (one of them).';

export const ZLtiToolInput = z
  .strictObject(toolFields)
  .refine(needsKey, { message: KEY_MESSAGE, path: ['jwks_url'] });
export type TLtiToolInput = z.input<typeof ZLtiToolInput>;

/** PATCH: any fields; when either key field is sent, the pair must still name exactly one key. */
export const ZLtiToolPatch = z
  .strictObject({
    name: toolFields.name,
    deployment_id: toolFields.deployment_id,
    login_url: httpUrl,
    launch_url: httpUrl,
    deep_linking_url: httpUrl.nullable(),
    jwks_url: httpUrl.nullable(),
    public_key: publicKey.nullable(),
    share_name: z.boolean(),
    share_email: z.boolean(),
    custom: ZLtiCustom,
    enabled: z.boolean(),
  })
  .partial();
export type TLtiToolPatch = z.infer<typeof ZLtiToolPatch>;

export const ZLtiToolAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
});

export const ZLtiTool = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.string(),
  deployment_id: z.string(),
  login_url: z.string(),
  launch_url: z.string(),
  deep_linking_url: z.string().nullable(),
  jwks_url: z.string().nullable(),
  public_key: z.string().nullable(),
  share_name: z.boolean(),
  share_email: z.boolean(),
  custom: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** Module items that launch it (a used tool is disabled rather than deleted). */
  links: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: ZLtiToolAbilities,
});
export type TLtiTool = z.infer<typeof ZLtiTool>;
export const ZLtiToolPage = zPage(ZLtiTool);
export const ZLtiToolQuery = ZPageQuery.extend({
  search: plainText().trim().max(100).optional(),
});

/** What an admin copies into the tool's configuration. */
export const ZLtiPlatform = z.object({
  issuer: z.string(),
  authorization_url: z.string(),
  token_url: z.string(),
  jwks_url: z.string(),
  openid_configuration_url: z.string(),
  deep_linking_return_url: z.string(),
});
export type TLtiPlatform = z.infer<typeof ZLtiPlatform>;

/** Tools a course author may pick to add content (enabled, with a deep-linking URL). */
export const ZLtiPickableTool = z.object({ id: z.number().int(), name: z.string() });
export const ZLtiPickableTools = z.object({ results: z.array(ZLtiPickableTool) });

export const ZLtiLaunchCreate = z.strictObject({ module_file: zId });
export const ZLtiDeepLinkingCreate = z.strictObject({ tool: zId, module: zId });
/** Where the browser goes next: the tool's OIDC login initiation, with its parameters. */
export const ZLtiLaunchStart = z.object({ login_url: z.string() });
export type TLtiLaunchStart = z.infer<typeof ZLtiLaunchStart>;

export const ZJwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
export const ZOpenIdConfiguration = z.record(z.string(), z.unknown());

/** OIDC authentication request (LTI 1.3 §5.1.1.2); validated by the use case for clear pages. */
export const ZLtiAuthorizeQuery = z.object({
  scope: z.string().max(200).optional(),
  response_type: z.string().max(50).optional(),
  response_mode: z.string().max(50).optional(),
  prompt: z.string().max(50).optional(),
  client_id: z.string().max(255).optional(),
  redirect_uri: z.string().max(2000).optional(),
  login_hint: z.string().max(255).optional(),
  lti_message_hint: z.string().max(255).optional(),
  state: z.string().max(2000).optional(),
  nonce: z.string().max(255).optional(),
});

/** OAuth 2 client-credentials grant with a JWT client assertion (RFC 7523), form-encoded. */
export const ZLtiTokenRequest = z.object({
  grant_type: z.string().max(100),
  client_assertion_type: z.string().max(200),
  client_assertion: z.string().max(20_000),
  scope: z.string().max(2000).default(''),
});
export const ZLtiTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});

/** Deep Linking 2.0 response, auto-posted by the tool's page (form-encoded `JWT`). */
export const ZLtiDeepLinkingReturn = z.object({ JWT: z.string().min(1).max(100_000) });

// ---------- Assignment and Grade Services ----------
export const ZLtiLineItem = z.object({
  id: z.string(),
  scoreMaximum: z.number(),
  label: z.string(),
  resourceLinkId: z.string().optional(),
  resourceId: z.string().optional(),
  tag: z.string().optional(),
});
export const ZLtiLineItems = z.array(ZLtiLineItem);
export const ZLtiLineItemQuery = z.object({
  course: zIdParam,
  resource_link_id: z.string().max(255).optional(),
  resource_id: z.string().max(255).optional(),
  tag: z.string().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export const ZLtiLineItemCreate = z.object({
  scoreMaximum: z.number().positive().max(1e9),
  label: z.string().trim().min(1).max(255),
  resourceLinkId: z.string().max(255).optional(),
  resourceId: z.string().max(255).optional(),
  tag: z.string().max(255).optional(),
});
export const ZLtiScore = z.object({
  userId: z.string().min(1).max(255),
  scoreGiven: z.number().min(0).max(1e9).optional(),
  scoreMaximum: z.number().positive().max(1e9).optional(),
  comment: z.string().max(5000).optional(),
  timestamp: z.string().max(64),
  activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
  gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
});
export type TLtiScore = z.infer<typeof ZLtiScore>;

// ---------- Names and Role Provisioning ----------
export const ZLtiMembershipQuery = z.object({
  course: zIdParam,
  role: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** Opaque: the offset of the page (the `next` link carries it). */
  from: z.coerce.number().int().min(0).max(2_000_000_000).default(0),
});
export const ZLtiMember = z.object({
  status: z.literal('Active'),
  user_id: z.string(),
  roles: z.array(z.string()),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
});
export const ZLtiMemberships = z.object({
  id: z.string(),
  context: z.object({ id: z.string(), label: z.string(), title: z.string() }),
  members: z.array(ZLtiMember),
});
