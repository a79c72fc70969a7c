import type { TTodoKinds, TTodoPage } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import { modulesSwitchedOff } from '../../core/feature-switches.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { TodoItem, TodoProvider } from '../../core/todo-provider.ts';
import { compareTodo, matchesSearch, toTodoItem } from './todo.rank.ts';

/**
 * The to-do list reads no table of another slice: it asks each slice's provider (its module's
 * `todo`) for the caller's next actions, all at once, and merges them. A provider that fails costs
 * only its own kinds, named in `unavailable`. Each provider's answer is bounded
 * (TODO_PROVIDER_LIMIT), so searching, counting and paging the merged list is done here in memory.
 */

export function todoKinds(ctx: AppContext): TTodoKinds {
  return [...ctx.todoProviders.values()].flatMap((provider) =>
    Object.entries(provider.kinds).map(([kind, label]) => ({ kind, label })),
  );
}

export interface TodoQuery {
  page: number;
  page_size: number;
  search?: string;
  kind?: string;
}

export async function gatherTodo(
  ctx: AppContext,
  auth: AuthContext,
  now: Date,
): Promise<{ items: TodoItem[]; unavailable: string[] }> {
  // A module whose feature the organisation has off answers nothing (its pages answer 403).
  const off = await modulesSwitchedOff(
    ctx.featureSwitches,
    ctx.moduleFeatures,
    auth.organisationId,
  );
  const asked = [...ctx.todoProviders].filter(([source]) => !off.has(source));
  const answers = await Promise.allSettled(
    asked.map(([, provider]) => provider.items(ctx, auth, now)),
  );
  const items: TodoItem[] = [];
  const unavailable: string[] = [];
  answers.forEach((answer, i) => {
    const [source, provider] = asked[i] as [string, TodoProvider];
    if (answer.status === 'rejected') {
      ctx.log.error({ err: answer.reason, provider: source }, 'todo: a provider failed');
      unavailable.push(...Object.keys(provider.kinds));
      return;
    }
    // A provider answers only for its own kinds: anything else is ignored, not trusted.
    for (const item of answer.value) if (item.kind in provider.kinds) items.push(item);
  });
  return { items, unavailable };
}

/** GET /api/todo/: the caller's page of next actions, overdue first then by due date. */
export async function todoPage(
  ctx: AppContext,
  auth: AuthContext,
  q: TodoQuery,
  requestUrl: string,
  now: Date = new Date(),
): Promise<TTodoPage> {
  if (q.kind !== undefined && !todoKinds(ctx).some((k) => k.kind === q.kind)) {
    throw fieldError('kind', `Unknown to-do kind: ${q.kind}.`);
  }
  const { items, unavailable } = await gatherTodo(ctx, auth, now);
  const byKind: Record<string, number> = {};
  for (const item of items) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
  const matching = items
    .filter(
      (item) => (q.kind === undefined || item.kind === q.kind) && matchesSearch(item, q.search),
    )
    .sort((a, b) => compareTodo(a, b, now));
  const { limit, offset } = pageBounds(q);
  const page = matching.slice(offset, offset + limit).map((item) => toTodoItem(item, now));
  return {
    ...toPage(requestUrl, q, matching.length, page),
    by_kind: byKind,
    unavailable: q.kind === undefined ? unavailable : unavailable.filter((k) => k === q.kind),
  };
}
