import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { InProcessRealtime, type RealtimeHub } from './hub.ts';

/** The node's realtime hub for this database. */
export function createRealtime(_database: Database, log: FastifyBaseLogger): RealtimeHub {
  return new InProcessRealtime(log);
}
