import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { DatabaseRealtime } from './database-realtime.ts';
import type { RealtimeHub } from './hub.ts';

/** The node's realtime hub: through the database, so every node gets every message. */
export function createRealtime(
  database: Database,
  log: FastifyBaseLogger,
  config: Pick<AppConfig, 'realtime'>,
): RealtimeHub {
  return new DatabaseRealtime(database, log, { retentionMs: config.realtime.retentionMs });
}
