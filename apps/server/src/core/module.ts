import type { TFileKind } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ApprovalKind } from './approval-kind.ts';
import type { AuthContext } from './auth/access.ts';
import type { CalendarProvider } from './calendar-provider.ts';
import type { AppContext } from './context.ts';
import type { Tx } from './db/database.ts';
import type { DomainEvents, EventName } from './events/event-bus.ts';
import type { JobLane, JobType, JobTypes } from './jobs/queue.ts';
import type { ModerationTarget } from './moderation-target.ts';
import type { SearchProvider } from './search-provider.ts';
import type { StoredFile } from './storage/file-store.ts';
import type { TodoProvider } from './todo-provider.ts';

/**
 * What a kind of content does beyond being stored: a SCORM package is validated and unpacked, a
 * video is queued for transcoding. The file repository calls these around its own work, so each
 * content slice (scorm, video) keeps its rules to itself and the repository stays generic.
 */
export interface ContentProcessor {
  /**
   * Runs after the upload is stored and before its row exists. Throw an AppError (4xx) to refuse
   * it: the stored file is deleted and nothing is written. May return state for `afterInsert`.
   */
  check?(ctx: AppContext, stored: StoredFile): Promise<unknown>;
  /** Runs inside the transaction that inserts the repository row; a throw rolls both back. */
  afterInsert?(
    ctx: AppContext,
    tx: Tx,
    file: { id: number; organisationId: number; auth: AuthContext; stored: StoredFile },
    checked: unknown,
  ): Promise<void>;
  /** Runs after the repository row is deleted: remove derived files (never throws for missing ones). */
  afterRemove?(ctx: AppContext, fileId: number, storageKey: string): Promise<void>;
  /**
   * Cleans up what `check` produced when the upload is abandoned after it (the insert failed).
   */
  discard?(ctx: AppContext, checked: unknown): Promise<void>;
}

/** A background job type a slice handles (payload typed by the JobTypes catalogue). */
export interface JobDefinition<T extends JobType = JobType> {
  type: T;
  lane?: JobLane;
  handle(ctx: AppContext, payload: JobTypes[T]): Promise<void>;
}

/** Declares a job with its payload type checked against the catalogue. */
export function defineJob<T extends JobType>(job: JobDefinition<T>): JobDefinition {
  return job as unknown as JobDefinition;
}

/** What a subscriber learns about the event beside its payload. */
export interface EventMeta {
  /** The outbox row id: stable across retries, the key for idempotent reactions. */
  eventId: number;
  occurredAt: Date;
}

/**
 * A reaction of one slice to another slice's event. It runs as its own job, once per event,
 * retried with backoff; its failure never touches the publisher or the other subscribers.
 */
export interface EventSubscriber<N extends EventName = EventName> {
  event: N;
  /** Unique within the module and stable: module name + this name key the reaction's jobs. */
  name: string;
  /**
   * Which events of the name concern it, from the payload alone: the others get no delivery at
   * all (no job, no claim), which matters in a burst (an exam's 1,000 submissions, most of them
   * with nothing for a reviewer). Without it, every event of the name is delivered.
   */
  when?: (payload: DomainEvents[N]) => boolean;
  handle(ctx: AppContext, payload: DomainEvents[N], meta: EventMeta): Promise<void>;
}

/** Declares a subscriber with its payload type checked against the event catalogue. */
export function defineSubscriber<N extends EventName>(
  subscriber: EventSubscriber<N>,
): EventSubscriber {
  return subscriber as unknown as EventSubscriber;
}

/** What each kind of caller gets from the access check of one route (the authorization matrix). */
export type MatrixOutcome = 'ok' | 401 | 403;
export interface MatrixRow {
  anonymous: MatrixOutcome;
  superadmin: MatrixOutcome;
  admin: MatrixOutcome;
  trainer: MatrixOutcome;
  learner: MatrixOutcome;
}

/**
 * A slice, as the app sees it: `index.ts` exports one of these, and `app.ts` loops over the list.
 * Nothing registers routes, jobs, subscribers or processors from anywhere else.
 */
export interface AppModule {
  name: string;
  /**
   * The switchable feature (contract FEATURE_KEYS) the slice belongs to: while an organisation has
   * it off, every route of the slice answers its signed-in members 403 (app.ts).
   */
  feature?: string;
  /** Registers the slice's API routes (each with its access rule). */
  routes?(app: FastifyInstance, ctx: AppContext): void;
  /** Registers routes on the content origin (package files; see core/content). */
  contentRoutes?(contentApp: FastifyInstance, ctx: AppContext): void;
  jobs?: readonly JobDefinition[];
  subscribers?: readonly EventSubscriber[];
  contentProcessors?: Partial<Record<TFileKind, ContentProcessor>>;
  /** The approvable kinds the slice declares (features/approvals keeps their requests). */
  approvalKinds?: readonly ApprovalKind[];
  /**
   * The slice's rows of the authorization matrix, keyed 'METHOD /path': a route without a row
   * fails the matrix test (test/authorization-matrix.test.ts).
   */
  matrix?: Readonly<Record<string, MatrixRow>>;
  /** The slice's dated items for people's calendars (features/calendar reads them). */
  calendar?: CalendarProvider;
  /** The slice's next actions for people's to-do lists (features/todo reads them). */
  todo?: TodoProvider;
  /** The slice's kinds for global search (features/search indexes them). */
  search?: SearchProvider;
  /** The kinds of people's content the slice lets moderators act on (features/moderation). */
  moderationTargets?: readonly ModerationTarget[];
}
