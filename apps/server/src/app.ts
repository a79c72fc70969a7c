import type { IncomingMessage } from 'node:http';
import { FEATURE_OFF_MESSAGE } from '@atrium/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ApprovalKind } from './core/approval-kind.ts';
import { registerAccessControl } from './core/auth/access.ts';
import { registerCsrfCookie } from './core/auth/csrf.ts';
import type { AppConfig } from './core/config/config.ts';
import { buildContentApp } from './core/content/content-app.ts';
import { ContentOrigin } from './core/content/content-origin.ts';
import type { AppContext } from './core/context.ts';
import type { Database } from './core/db/database.ts';
import { AppError } from './core/errors/app-error.ts';
import { registerErrorHandler } from './core/errors/error-handler.ts';
import { EventBus } from './core/events/event-bus.ts';
import { FeatureSwitches } from './core/feature-switches.ts';
import { CspOrigins } from './core/http/csp-origins.ts';
import { registerGracefulClose } from './core/http/graceful.ts';
import { registerInputGuard } from './core/http/input-guard.ts';
import { genReqId } from './core/http/request-id.ts';
import { registerSpa } from './core/http/spa.ts';
import { JOBS_CHANNEL, JobQueue } from './core/jobs/queue.ts';
import { type Mailer, OutboxMailer, SmtpMailer } from './core/mail/mailer.ts';
import type { ModerationTarget } from './core/moderation-target.ts';
import type { AppModule, ContentProcessor } from './core/module.ts';
import { createRealtime } from './core/realtime/create-realtime.ts';
import type { RealtimeHub } from './core/realtime/hub.ts';
import type { SearchKindProvider } from './core/search-provider.ts';
import { InstallSecrets } from './core/secrets/install-secrets.ts';
import type { FileStore } from './core/storage/file-store.ts';
import { LocalFileStore } from './core/storage/local-file-store.ts';
import { VERSION } from './core/version.ts';
import { adminModule } from './features/admin/index.ts';
import { announcementsModule } from './features/announcements/index.ts';
import { approvalsModule } from './features/approvals/index.ts';
import { assessmentsModule } from './features/assessments/index.ts';
import { auditModule } from './features/audit/index.ts';
import { authModule, tokenAuthenticator } from './features/auth/index.ts';
import { badgesModule } from './features/badges/index.ts';
import { blogsModule } from './features/blogs/index.ts';
import { calendarModule } from './features/calendar/index.ts';
import { catalogueModule } from './features/catalogue/index.ts';
import { certificatesModule } from './features/certificates/index.ts';
import { classroomsModule } from './features/classrooms/index.ts';
import { competenciesModule } from './features/competencies/index.ts';
import { cpdModule } from './features/cpd/index.ts';
import { credentialsModule } from './features/credentials/index.ts';
import { discussionsModule } from './features/discussions/index.ts';
import { eventsModule } from './features/events/index.ts';
import { gamificationModule } from './features/gamification/index.ts';
import { imagesModule } from './features/images/index.ts';
import { journalsModule } from './features/journals/index.ts';
import { learningModule } from './features/learning/index.ts';
import { learningPathsModule } from './features/learning-paths/index.ts';
import { ltiModule } from './features/lti/index.ts';
import { manualModule } from './features/manual/index.ts';
import { messagesModule } from './features/messages/index.ts';
import { moderationModule } from './features/moderation/index.ts';
import { notificationsModule } from './features/notifications/index.ts';
import { organisationsModule } from './features/organisations/index.ts';
import { permissionsModule } from './features/permissions/index.ts';
import { plagiarismModule } from './features/plagiarism/index.ts';
import { proctoringModule } from './features/proctoring/index.ts';
import { profilesModule } from './features/profiles/index.ts';
import { realtimeModule } from './features/realtime/index.ts';
import { reportsModule } from './features/reports/index.ts';
import { scormModule } from './features/scorm/index.ts';
import { searchModule } from './features/search/index.ts';
import { supportModule } from './features/support/index.ts';
import { systemModule } from './features/system/index.ts';
import { todoModule } from './features/todo/index.ts';
import { usersModule } from './features/users/index.ts';
import { videoModule } from './features/video/index.ts';
import { wallModule } from './features/wall/index.ts';
import { webhooksModule } from './features/webhooks/index.ts';
import { xrModule } from './features/xr/index.ts';

export { VERSION };

/** Every slice of the app, in registration order. Adding a slice means adding it here. */
export const MODULES: readonly AppModule[] = [
  systemModule,
  authModule,
  realtimeModule,
  organisationsModule,
  usersModule,
  permissionsModule,
  auditModule,
  profilesModule,
  catalogueModule,
  learningModule,
  learningPathsModule,
  assessmentsModule,
  proctoringModule,
  classroomsModule,
  cpdModule,
  competenciesModule,
  eventsModule,
  announcementsModule,
  imagesModule,
  discussionsModule,
  wallModule,
  blogsModule,
  moderationModule,
  gamificationModule,
  badgesModule,
  certificatesModule,
  credentialsModule,
  reportsModule,
  journalsModule,
  calendarModule,
  todoModule,
  manualModule,
  approvalsModule,
  messagesModule,
  notificationsModule,
  videoModule,
  scormModule,
  supportModule,
  searchModule,
  adminModule,
  webhooksModule,
  xrModule,
  ltiModule,
  plagiarismModule,
];

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Overrides for tests; defaults follow the config. */
  files?: FileStore;
  mailer?: Mailer;
  /** The realtime hub; default: one on the database (core/realtime). */
  realtime?: RealtimeHub;
  logger?: FastifyServerOptions['logger'];
  /** The slices to wire; tests add a module of their own to watch events. Default: MODULES. */
  modules?: readonly AppModule[];
}

/** Builds the whole API (and, in production, the web app) without listening. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const modules = options.modules ?? MODULES;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrftoken"]'],
    },
    genReqId,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The slices' onReady hooks write to the database (their job chains); on a busy machine or
    // database that can take longer than Fastify's default 10 s, which would fail the start.
    pluginTimeout: 60_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const realtime = options.realtime ?? createRealtime(database, app.log, config);
  const ctx = createAppContext({ ...options, realtime, modules, log: app.log });
  app.decorate('ctx', ctx);
  // The content origin: a server of its own (main.ts listens on CONTENT_PORT), closed with the app.
  const contentApp = await buildContentApp({ config, secrets: ctx.secrets, logger: app.log });
  app.decorate('contentApp', contentApp);
  app.addHook('onClose', async () => {
    await contentApp.close();
    await ctx.jobs.stop();
    await ctx.mailer.close();
    await realtime.close();
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  registerGracefulClose(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The SSO flow calls the identity provider of the host's organisation from the browser.
        connectSrc: ["'self'", (req) => ctx.ssoOrigins.forRequest(req, config.trustProxy)],
        // Packages play in frames of the content origin (never this one; see content-app.ts).
        frameSrc: [
          "'self'",
          (req) => ctx.contentOrigin.frameSource(req as IncomingMessage, config.trustProxy),
        ],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  registerAccessControl(app, tokenAuthenticator(database.db, config));
  registerCsrfCookie(app, config.publicBaseUrl.startsWith('https:'));
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Signed-in callers are counted per session (the access hook has run: this hook is the
    // route's own), others per address: a whole office behind one NAT address must not share
    // one budget (issue 11, finding 13). A client that disconnected mid-request has no address
    // any more; it must not become a 500.
    keyGenerator: (request) =>
      request.auth ? `session:${request.auth.tokenId}` : (request.ip ?? 'unknown'),
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: config.uploadMaxBytes,
      files: 10,
      fields: 100,
      fieldSize: 1024 * 1024,
      parts: 120,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium API',
        description:
          'The HTTP API of Atrium. Authenticated calls send `Authorization: Token <key>`; ' +
          'unsafe calls made with browser cookies also send `X-CSRFToken`. Every error has the ' +
          'shape `{message, errors?, non_field_errors?}`; lists are `{count, next, previous, results}`.',
        version: VERSION,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  // Feature switches: the routes of a module that names a feature answer 403 to the signed-in
  // members of an organisation that has it off. The routes a module adds are the access rules it
  // added, so nothing in the slices has to check.
  const featureOfRoute = new Map<string, string>();
  app.addHook('onRequest', async (request) => {
    const feature = featureOfRoute.get(`${request.method} ${request.routeOptions.url}`);
    if (!feature || !request.auth) return;
    if (await ctx.featureSwitches.isOff(request.auth.organisationId, feature)) {
      throw new AppError(403, FEATURE_OFF_MESSAGE);
    }
  });
  for (const module of modules) {
    const before = app.accessRules.length;
    module.routes?.(app, ctx);
    module.contentRoutes?.(contentApp, ctx);
    if (module.feature) {
      for (const rule of app.accessRules.slice(before)) {
        featureOfRoute.set(`${rule.method} ${rule.url}`, module.feature);
      }
    }
  }

  await registerSpa(app, config.env === 'production' ? config.webDist : undefined);
  return app;
}

/**
 * What every slice gets: the app's services, with the modules' jobs, event subscribers and
 * content processors wired in. buildApp hands it to the routes; the service test tier
 * (test/service-context.ts) uses it without Fastify.
 */
export function createAppContext(
  options: Omit<BuildOptions, 'logger' | 'modules'> & {
    modules: readonly AppModule[];
    log: FastifyBaseLogger;
  },
): AppContext {
  const { config, database, modules, log } = options;
  const bus = new EventBus(log);
  const realtime = options.realtime ?? createRealtime(database, log, config);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    bus,
    // A started queue (main.ts) hears of new jobs from any node at once instead of at its next poll.
    jobs: new JobQueue(database.db, log, {
      wakeUp: (onWake) =>
        database.listen(JOBS_CHANNEL, {
          onPayload: onWake,
          onConnect: (reconnected) => reconnected && onWake(),
          onError: (err) => log.warn({ err }, 'job queue: LISTEN connection failed'),
        }),
    }),
    files: options.files ?? new LocalFileStore(`${config.dataDir}/files`),
    realtime,
    mailer:
      options.mailer ??
      (config.smtpUrl
        ? new SmtpMailer(config.smtpUrl, config.mailFrom)
        : new OutboxMailer(database.db, log)),
    log,
    ssoOrigins: new CspOrigins(),
    secrets: new InstallSecrets(database.db),
    contentOrigin: new ContentOrigin(config.content),
    contentProcessors: contentProcessorsOf(modules),
    approvalKinds: approvalKindsOf(modules),
    calendarProviders: new Map(
      modules.flatMap((m) => (m.calendar ? [[m.name, m.calendar] as const] : [])),
    ),
    moderationTargets: moderationTargetsOf(modules),
    todoProviders: new Map(modules.flatMap((m) => (m.todo ? [[m.name, m.todo] as const] : []))),
    featureSwitches: new FeatureSwitches(database.db),
    moduleFeatures: new Map(
      modules.flatMap((m) => (m.feature ? [[m.name, m.feature] as const] : [])),
    ),
    searchKinds: searchKindsOf(modules),
  };
  // Each slice's event subscribers run as jobs of ctx.jobs (core/events/outbox.ts).
  bus.deliverWith(ctx);
  for (const module of modules) {
    for (const subscriber of module.subscribers ?? []) bus.addSubscriber(module.name, subscriber);
    for (const job of module.jobs ?? []) {
      ctx.jobs.register(job.type, (payload) => job.handle(ctx, payload as never), {
        lane: job.lane,
      });
    }
  }
  return ctx;
}

/** One provider per search kind; two modules claiming the same kind is a wiring mistake. */
function searchKindsOf(modules: readonly AppModule[]): ReadonlyMap<string, SearchKindProvider> {
  const kinds = new Map<string, SearchKindProvider>();
  for (const module of modules) {
    for (const provider of module.search?.kinds ?? []) {
      if (kinds.has(provider.kind)) {
        throw new Error(`search kind ${provider.kind} is claimed by two modules (${module.name})`);
      }
      kinds.set(
        provider.kind,
        module.feature ? { ...provider, feature: module.feature } : provider,
      );
    }
  }
  return kinds;
}

/** One declaration per approvable kind; two modules claiming the same key is a wiring mistake. */
function approvalKindsOf(modules: readonly AppModule[]): ReadonlyMap<string, ApprovalKind> {
  const map = new Map<string, ApprovalKind>();
  for (const module of modules) {
    for (const kind of module.approvalKinds ?? []) {
      if (map.has(kind.kind)) throw new Error(`Two modules declare approvals of ${kind.kind}.`);
      map.set(kind.kind, kind);
    }
  }
  return map;
}

/** One target per content kind; two modules claiming the same kind is a wiring mistake. */
function moderationTargetsOf(modules: readonly AppModule[]): ReadonlyMap<string, ModerationTarget> {
  const map = new Map<string, ModerationTarget>();
  for (const module of modules) {
    for (const target of module.moderationTargets ?? []) {
      if (map.has(target.kind)) throw new Error(`Two modules moderate ${target.kind} content.`);
      map.set(target.kind, target);
    }
  }
  return map;
}

/** One processor per file kind; two modules claiming the same kind is a wiring mistake. */
function contentProcessorsOf(modules: readonly AppModule[]): ReadonlyMap<string, ContentProcessor> {
  const map = new Map<string, ContentProcessor>();
  for (const module of modules) {
    for (const [kind, processor] of Object.entries(module.contentProcessors ?? {})) {
      if (map.has(kind)) throw new Error(`Two modules process ${kind} files (${module.name}).`);
      if (processor) map.set(kind, processor);
    }
  }
  return map;
}
