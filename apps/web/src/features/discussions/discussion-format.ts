import {
  DISCUSSION_MAX_FILES,
  type TDiscussionScope,
  ZDiscussionCreate,
  ZDiscussionUpdate,
} from '@atrium/contract';
import { type FileRule, fileProblem, formatBytes } from '../../shared/files/file-rules.ts';
import { ATTACHMENT_RULE } from './labels.ts';

/* Pure helpers of the discussion screens: the composer's checks, scope keys, words for numbers. */

export const BLANK_MESSAGE = 'This field may not be blank.';

/**
 * Whether rich text says nothing: no words and no image. The HTML is parsed into an inert
 * document (DOMParser runs no script and loads nothing) and only read.
 */
export function isBlankHtml(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() === '' && doc.body.querySelector('img') === null;
}

/** A scope option as one select value: 'organisation', or 'course:12'. */
export const scopeKey = (o: { scope: TDiscussionScope; id: number | null }) =>
  o.id === null ? o.scope : `${o.scope}:${o.id}`;

/** The other way round; '' and unknown kinds are no scope. */
export function parseScopeKey(key: string): { scope: TDiscussionScope; scope_id?: number } | null {
  const [scope, id] = key.split(':');
  if (scope !== 'organisation' && scope !== 'course' && scope !== 'path' && scope !== 'class') {
    return null;
  }
  if (id === undefined) return { scope };
  const scopeId = Number(id);
  return Number.isInteger(scopeId) && scopeId > 0 ? { scope, scope_id: scopeId } : null;
}

export interface ComposerValues {
  type: number | '';
  /** A scopeKey. */
  scope: string;
  title: string;
  body: string;
}
export type ComposerField = keyof ComposerValues;
export const COMPOSER_FIELDS: readonly ComposerField[] = ['type', 'scope', 'title', 'body'];

/** The server's field names for the composer's fields (scope_id shows on the scope). */
export const SERVER_FIELD: Record<string, ComposerField> = {
  type: 'type',
  scope: 'scope',
  scope_id: 'scope',
  // A thread's forum shows where its place would.
  forum: 'scope',
  title: 'title',
  body: 'body',
};

/**
 * The composer's problems per field, by the contract's own schema (the server runs the same),
 * plus the blank rich text the server refuses after sanitising. `edit`: a topic being changed,
 * whose place stays as it is.
 */
export function composerProblems(
  v: ComposerValues,
  edit = false,
): Partial<Record<ComposerField, string>> {
  const problems: Partial<Record<ComposerField, string>> = {};
  const place = parseScopeKey(v.scope);
  const parsed = edit
    ? ZDiscussionUpdate.safeParse({
        type: v.type === '' ? undefined : v.type,
        title: v.title,
        body: v.body,
      })
    : ZDiscussionCreate.safeParse({
        type: v.type === '' ? undefined : v.type,
        title: v.title,
        body: v.body,
        scope: place?.scope,
        scope_id: place?.scope_id,
      });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = SERVER_FIELD[String(issue.path[0])];
      if (field && !problems[field]) problems[field] = issue.message;
    }
  }
  if (v.type === '') problems.type = 'Choose a type.';
  if (!edit && !place) problems.scope = 'Choose where it belongs.';
  if (!problems.body && isBlankHtml(v.body)) problems.body = BLANK_MESSAGE;
  return problems;
}

/** What is wrong with the chosen attachments, or null: too many, or one of the wrong kind or size. */
export function attachmentProblem(files: readonly File[], rule: FileRule = ATTACHMENT_RULE) {
  if (files.length > DISCUSSION_MAX_FILES) {
    return `At most ${DISCUSSION_MAX_FILES} files, each up to ${formatBytes(rule.maxBytes)}.`;
  }
  for (const file of files) {
    const problem = fileProblem(file, rule);
    if (problem) return problem;
  }
  return null;
}
