import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config.ts';
import type { Database, Db } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import type { CspOrigins } from './http/csp-origins.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { FileStore } from './storage/file-store.ts';

/** What every slice may use: handed to each feature's register(). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  files: FileStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Identity-provider origins the browser may call (CSP connect-src). */
  ssoOrigins: CspOrigins;
}
