import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';

/**
 * Certificates (issue 21, spec §2 /certificate and /verify/{code}, §7 Other "certificate
 * drop-down and user-certificate"): templates admins design, attached to achievements (an
 * organisation default, or one course, learning path, assessment or classroom), a certificate
 * issued once per achievement (and recertification cycle) with a PDF and a public verification
 * code.
 */

export const CERTIFICATE_KINDS = ['course', 'learning_path', 'assessment', 'classroom'] as const;
export const ZCertificateKind = z.enum(CERTIFICATE_KINDS);
export type TCertificateKind = z.infer<typeof ZCertificateKind>;
/** What a template is attached to: the organisation's default, or one achievement. */
export const CERTIFICATE_ASSIGNMENT_KINDS = ['default', ...CERTIFICATE_KINDS] as const;
export type TCertificateAssignmentKind = (typeof CERTIFICATE_ASSIGNMENT_KINDS)[number];

/** `replaced`: a recertification issued a newer certificate for the same achievement. */
export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'replaced'] as const;
export type TCertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_NAME_MAX = 120;
export const CERTIFICATE_TEXT_MAX = 200;
export const CERTIFICATE_REASON_MAX = 1000;
export const CERTIFICATE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Codes are 12 characters of Crockford base32 in groups of four: XXXX-XXXX-XXXX. */
export const CERTIFICATE_CODE_PATTERN =
  /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const verifyPath = (code: string) => `/verify/${code}`;

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.')
  .transform((s) => s.toLowerCase());
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const required = (max: number) => text(max).min(1, 'This field is required.');
const imageRef = z.string().uuid('Upload the image again.').nullable();

export const ZCertificateFields = z.object({
  learner: z.boolean(),
  achievement: z.boolean(),
  date: z.boolean(),
  score: z.boolean(),
  hours: z.boolean(),
  expiry: z.boolean(),
  signatures: z.boolean(),
  code: z.boolean(),
  qr: z.boolean(),
});
export type TCertificateFields = z.infer<typeof ZCertificateFields>;

export const ZCertificateSignature = z.object({
  name: required(CERTIFICATE_NAME_MAX),
  title: text(CERTIFICATE_NAME_MAX).default(''),
  image: imageRef.default(null),
});
export type TCertificateSignature = z.infer<typeof ZCertificateSignature>;

export const ZCertificateTemplateInput = z.object({
  name: required(CERTIFICATE_NAME_MAX),
  orientation: z.enum(['landscape', 'portrait']).default('landscape'),
  primary_color: colour.default('#1f4e79'),
  text_color: colour.default('#222222'),
  background_color: colour.default('#ffffff'),
  background_image: imageRef.default(null),
  logo_image: imageRef.default(null),
  title: required(CERTIFICATE_TEXT_MAX).default('Certificate of Completion'),
  fields: ZCertificateFields,
  signatures: z.array(ZCertificateSignature).max(2, 'At most two signatures.').default([]),
  /** Null: never expires. */
  validity_months: z.number().int().min(1).max(600).nullable().default(null),
});
export type TCertificateTemplateInput = z.input<typeof ZCertificateTemplateInput>;
export const ZCertificateTemplateUpdate = ZCertificateTemplateInput.partial();

export const ZCertificateTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  orientation: z.enum(['landscape', 'portrait']),
  primary_color: z.string(),
  text_color: z.string(),
  background_color: z.string(),
  background_image: z.string().nullable(),
  logo_image: z.string().nullable(),
  title: z.string(),
  fields: ZCertificateFields,
  signatures: z.array(
    z.object({ name: z.string(), title: z.string(), image: z.string().nullable() }),
  ),
  validity_months: z.number().int().nullable(),
  /** How many achievements (or the default) use it. */
  assignment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCertificateTemplate = z.infer<typeof ZCertificateTemplate>;
export const ZCertificateTemplateList = z.array(ZCertificateTemplate);
export const ZCertificateDropDown = z.array(z.object({ id: z.number().int(), name: z.string() }));

export const ZCertificateImage = z.object({
  uuid: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TCertificateImage = z.infer<typeof ZCertificateImage>;

export const ZCertificateAssignmentInput = z
  .object({
    kind: z.enum(CERTIFICATE_ASSIGNMENT_KINDS),
    /** Required unless kind is default. */
    achievement_id: zId.nullable().default(null),
    /** The achievement's name as the picker showed it (printed when the event names none). */
    achievement_name: text(CERTIFICATE_TEXT_MAX).default(''),
    template_id: zId,
    /** Hours printed on the certificate (when the template prints hours). */
    hours: z.number().min(0).max(10_000).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'default' && v.achievement_id === null) {
      ctx.addIssue({ code: 'custom', path: ['achievement_id'], message: 'Choose what it is for.' });
    }
  });
export type TCertificateAssignmentInput = z.input<typeof ZCertificateAssignmentInput>;

export const ZCertificateAssignment = z.object({
  id: z.number().int(),
  kind: z.enum(CERTIFICATE_ASSIGNMENT_KINDS),
  achievement_id: z.number().int().nullable(),
  achievement_name: z.string(),
  template_id: z.number().int(),
  template_name: z.string(),
  hours: z.number().nullable(),
});
export type TCertificateAssignment = z.infer<typeof ZCertificateAssignment>;
export const ZCertificateAssignmentList = z.array(ZCertificateAssignment);

/** What the PDF prints, kept as printed so the verification page shows exactly that. */
export const ZCertificatePrinted = z.object({
  title: z.string(),
  learner_name: z.string().nullable(),
  achievement_name: z.string().nullable(),
  organisation_name: z.string(),
  issued_on: z.string().nullable(),
  score: z.number().nullable(),
  hours: z.number().nullable(),
  expires_on: z.string().nullable(),
  signatures: z.array(z.object({ name: z.string(), title: z.string() })),
  code: z.string().nullable(),
  qr: z.boolean(),
});
export type TCertificatePrinted = z.infer<typeof ZCertificatePrinted>;

export const ZCertificateAbilities = z.object({
  download: z.boolean(),
  revoke: z.boolean(),
  reissue: z.boolean(),
});

export const ZCertificate = z.object({
  id: z.number().int(),
  code: z.string(),
  user_id: z.number().int(),
  learner_name: z.string(),
  organisation_name: z.string(),
  achievement_kind: ZCertificateKind,
  achievement_id: z.number().int(),
  achievement_name: z.string(),
  cycle: z.number().int(),
  score: z.number().nullable(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  /** False until the PDF job has run. */
  pdf_ready: z.boolean(),
  pdf_sha256: z.string().nullable(),
  /** The Open Badges 3.0 credential's uuid, once the credentials slice has issued it. */
  credential_uuid: z.string().nullable(),
  abilities: ZCertificateAbilities,
});
export type TCertificate = z.infer<typeof ZCertificate>;
export const ZCertificatePage = zPage(ZCertificate);
export type TCertificatePage = z.infer<typeof ZCertificatePage>;

export const ZCertificateListQuery = ZPageQuery.extend({
  status: z.enum(CERTIFICATE_STATUSES).optional(),
  /** Admins: one person's. */
  user: zIdParam.optional(),
  kind: ZCertificateKind.optional(),
  achievement: zIdParam.optional(),
  /** Admins: only their own certificates (the learner's view). */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type TCertificateListQuery = z.input<typeof ZCertificateListQuery>;

export const ZCertificateRevoke = z.object({ reason: required(CERTIFICATE_REASON_MAX) });

export const ZCertificateCodeParams = z.object({
  code: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(CERTIFICATE_CODE_PATTERN, 'Not a certificate code.')),
});

export const ZCertificateVerification = z.object({
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  achievement_kind: ZCertificateKind,
  printed: ZCertificatePrinted,
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  /** SHA-256 of the PDF as issued (hex); null while it is being generated. */
  pdf_sha256: z.string().nullable(),
  credential_uuid: z.string().nullable(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;
