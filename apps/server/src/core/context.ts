import type { FastifyBaseLogger } from 'fastify';
import type { ApprovalKind } from './approval-kind.ts';
import type { CalendarProvider } from './calendar-provider.ts';
import type { AppConfig } from './config/config.ts';
import type { ContentOrigin } from './content/content-origin.ts';
import type { Database, Db } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import type { FeatureSwitches } from './feature-switches.ts';
import type { CspOrigins } from './http/csp-origins.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ModerationTarget } from './moderation-target.ts';
import type { ContentProcessor } from './module.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { SearchKindProvider } from './search-provider.ts';
import type { InstallSecrets } from './secrets/install-secrets.ts';
import type { FileStore } from './storage/file-store.ts';
import type { TodoProvider } from './todo-provider.ts';

/** What every slice may use: handed to each feature's register(). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  files: FileStore;
  mailer: Mailer;
  /** Best-effort pushes to the users' open SSE streams on every node (core/realtime). */
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Identity-provider origins the browser may call (CSP connect-src). */
  ssoOrigins: CspOrigins;
  /** Secrets the install made for itself (signing keys), shared by every node. */
  secrets: InstallSecrets;
  /** Where the browser reaches the content origin (package files) from a request. */
  contentOrigin: ContentOrigin;
  /** What each kind of uploaded content does beyond being stored, from the modules (by file kind). */
  contentProcessors: ReadonlyMap<string, ContentProcessor>;
  /** The approvable kinds the modules declare, by key (features/approvals). */
  approvalKinds: ReadonlyMap<string, ApprovalKind>;
  /** The modules' calendar providers, by module name (features/calendar). */
  calendarProviders: ReadonlyMap<string, CalendarProvider>;
  /** The modules' moderation targets, by kind (features/moderation). */
  moderationTargets: ReadonlyMap<string, ModerationTarget>;
  /** The modules' to-do providers, by module name (features/todo). */
  todoProviders: ReadonlyMap<string, TodoProvider>;
  /** The features each organisation has turned off (set in the superadmin console). */
  featureSwitches: FeatureSwitches;
  /**
   * The switchable feature of each module that names one, by module name: the to-do list and the
   * calendar leave out the items of a module whose feature the organisation has off.
   */
  moduleFeatures: ReadonlyMap<string, string>;
  /** The modules' search kinds, by kind (features/search); two modules claiming one kind stop the start. */
  searchKinds: ReadonlyMap<string, SearchKindProvider>;
}
