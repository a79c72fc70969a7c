import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The web app's build output inside this repository. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable Atrium reads, validated once at start-up. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Port of the content origin (package files); default PORT + 1. */
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CONTENT_ORIGIN: z
    .url({ message: 'must be an absolute URL such as https://content.lms.example' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_BASE_URL: z
    .url({ message: 'must be an absolute URL such as https://lms.example.com' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Atrium <no-reply@atrium.local>'),
  /** The mail gateway's shared secret for support replies by e-mail; unset: inbound mail is off. */
  SUPPORT_INBOUND_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(512 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SCORM_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(1024 * 1024 * 1024),
  SCORM_MAX_FILES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  SCORM_MAX_PATH_DEPTH: z.coerce.number().int().min(1).max(64).default(16),
  ARCHIVE_MAX_RATIO: z.coerce.number().min(2).max(10_000).default(100),
  ARCHIVE_RATIO_FLOOR_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024),
  SPREADSHEET_MAX_UNPACKED_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(50 * 1024 * 1024),
  SPREADSHEET_MAX_ENTRIES: z.coerce.number().int().min(10).max(100_000).default(1000),
  TOKEN_IDLE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(24),
  TOKEN_MAX_DAYS: z.coerce.number().min(0.01).max(365).default(14),
  AUTH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  AUTH_ADDRESS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(2000),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  REPORTS_SUMMARY_MIN_ENROLMENTS: z.coerce.number().int().min(0).default(50_000),
  REPORTS_SUMMARY_EVERY_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  // A text search configuration name (checked against the database's at start).
  SEARCH_LANGUAGE: z
    .string()
    .regex(/^[a-z_]{1,63}$/, 'a text search configuration name such as english or simple')
    .default('english'),
  /** Searches a person may run a minute, per node (the box searches as they type). */
  SEARCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(10).default(25_000),
  REALTIME_RECHECK_MS: z.coerce.number().int().min(10).default(15_000),
  REALTIME_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
  REALTIME_RETENTION_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(5 * 60_000),
  WEB_DIST: z.string().optional(),
  ATRIUM_DEMO: booleanFlag,
  TRUST_PROXY: booleanFlag,
  OUTBOUND_ALLOW_HTTP: booleanFlag,
  OUTBOUND_ALLOW_PRIVATE_HOSTS: z.string().default(''),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  OUTBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /**
   * Where user-supplied active content (SCORM packages) is served: never the app's origin.
   * `origin` fixed by CONTENT_ORIGIN, else the app request's host name on `port`.
   */
  content: { port: number; origin: string | undefined };
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicBaseUrl: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Support replies by e-mail (issue 23): undefined turns the inbound endpoint off. */
  supportInboundSecret: string | undefined;
  uploadMaxBytes: number;
  /** Limits of a SCORM package once unpacked (zip-bomb and path-depth protection). */
  scorm: {
    maxUnpackedBytes: number;
    maxFiles: number;
    maxPathDepth: number;
    /** Declared uncompressed / compressed size, per entry and overall, above the floor. */
    maxRatio: number;
    ratioFloorBytes: number;
  };
  /** Limits of an uploaded XLSX (a zip) for the imports, checked before and while unpacking. */
  spreadsheet: {
    maxUnpackedBytes: number;
    maxEntries: number;
    maxRatio: number;
    ratioFloorBytes: number;
  };
  rateLimitPerMinute: number;
  /** A token unused for this long stops working. */
  tokenIdleMs: number;
  /** A token stops working this long after sign-in, used or not. */
  tokenMaxAgeMs: number;
  /**
   * Per client address on sign-up, reset and code checks; on sign-in per
   * client address and user name (one NAT address serves a whole office).
   */
  authRatePerMinute: number;
  /** Sign-ins per client address whatever the user name: the ceiling against spraying. */
  authAddressRatePerMinute: number;
  lockoutThreshold: number;
  lockoutMs: number;
  shutdownGraceMs: number;
  /**
   * Report summaries (features/reports/reports.summary.ts): organisations with at least
   * `summaryMinEnrolments` enrolments read their dashboards from summaries rebuilt every
   * `summaryEveryMs`; smaller ones read the raw rows, always current.
   */
  reports: { summaryMinEnrolments: number; summaryEveryMs: number };
  /** Global search (features/search): the text search configuration words are stemmed with. */
  search: { language: string; ratePerMinute: number };
  /** The SSE stream (core/realtime): heartbeat, token re-check, streams per user, catch-up window. */
  realtime: {
    heartbeatMs: number;
    recheckMs: number;
    maxStreamsPerUser: number;
    retentionMs: number;
  };
  /** The built web app served in production. */
  webDist: string;
  demo: boolean;
  trustProxy: boolean;
  /**
   * Server-side requests to addresses users or organisation admins supply
   * (identity providers): see core/http/outbound.ts.
   */
  outbound: {
    /** Plain http allowed (tests, development); https only otherwise. */
    allowHttp: boolean;
    /** Host names that may resolve to private or loopback addresses (tests, development). */
    allowPrivateHosts: string[];
    timeoutMs: number;
    maxBytes: number;
  };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    content: {
      port: e.CONTENT_PORT ?? (e.PORT === 0 ? 0 : e.PORT < 65535 ? e.PORT + 1 : e.PORT - 1),
      origin: e.CONTENT_ORIGIN ? new URL(e.CONTENT_ORIGIN).origin : undefined,
    },
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportInboundSecret: e.SUPPORT_INBOUND_SECRET,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    scorm: {
      maxUnpackedBytes: e.SCORM_MAX_UNPACKED_BYTES,
      maxFiles: e.SCORM_MAX_FILES,
      maxPathDepth: e.SCORM_MAX_PATH_DEPTH,
      maxRatio: e.ARCHIVE_MAX_RATIO,
      ratioFloorBytes: e.ARCHIVE_RATIO_FLOOR_BYTES,
    },
    spreadsheet: {
      maxUnpackedBytes: e.SPREADSHEET_MAX_UNPACKED_BYTES,
      maxEntries: e.SPREADSHEET_MAX_ENTRIES,
      maxRatio: e.ARCHIVE_MAX_RATIO,
      ratioFloorBytes: e.ARCHIVE_RATIO_FLOOR_BYTES,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    tokenIdleMs: e.TOKEN_IDLE_HOURS * 3_600_000,
    tokenMaxAgeMs: e.TOKEN_MAX_DAYS * 86_400_000,
    authRatePerMinute: e.AUTH_RATE_PER_MINUTE,
    authAddressRatePerMinute: e.AUTH_ADDRESS_RATE_PER_MINUTE,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutMs: e.LOCKOUT_MINUTES * 60_000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    reports: {
      summaryMinEnrolments: e.REPORTS_SUMMARY_MIN_ENROLMENTS,
      summaryEveryMs: e.REPORTS_SUMMARY_EVERY_MINUTES * 60_000,
    },
    search: { language: e.SEARCH_LANGUAGE, ratePerMinute: e.SEARCH_RATE_PER_MINUTE },
    realtime: {
      heartbeatMs: e.REALTIME_HEARTBEAT_MS,
      recheckMs: e.REALTIME_RECHECK_MS,
      maxStreamsPerUser: e.REALTIME_MAX_STREAMS_PER_USER,
      retentionMs: e.REALTIME_RETENTION_MS,
    },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    demo: e.ATRIUM_DEMO,
    trustProxy: e.TRUST_PROXY,
    outbound: {
      allowHttp: e.OUTBOUND_ALLOW_HTTP,
      allowPrivateHosts: e.OUTBOUND_ALLOW_PRIVATE_HOSTS.split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
      timeoutMs: e.OUTBOUND_TIMEOUT_MS,
      maxBytes: e.OUTBOUND_MAX_BYTES,
    },
  };
}
