import type { TFileKind } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/database.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';

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

const processors = new Map<TFileKind, ContentProcessor>();

/** One processor per kind; registering again replaces it (apps built twice in tests). */
export function registerContentProcessor(kind: TFileKind, processor: ContentProcessor): void {
  processors.set(kind, processor);
}

export function contentProcessorFor(kind: string): ContentProcessor | undefined {
  return processors.get(kind as TFileKind);
}
