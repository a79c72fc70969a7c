import { TODO_DUE_SOON_DAYS, type TTodoItem, type TTodoPriority } from '@atrium/contract';
import type { TodoItem } from '../../core/todo-provider.ts';

const DAY_MS = 86_400_000;
/** Due within this many days (or overdue): high priority. */
const URGENT_DAYS = 2;

/**
 * How pressing an item is, from its due date alone: overdue or due within two days is high, due
 * within the week medium, later or undated low. An undated request to decide is still something
 * someone waits on: approvals rank as medium when undated.
 */
export function priorityOf(item: Pick<TodoItem, 'kind' | 'dueAt'>, now: Date): TTodoPriority {
  if (item.dueAt === null) return item.kind === 'approval' ? 'medium' : 'low';
  const left = item.dueAt.getTime() - now.getTime();
  if (left < URGENT_DAYS * DAY_MS) return 'high';
  if (left < TODO_DUE_SOON_DAYS * DAY_MS) return 'medium';
  return 'low';
}

export const isOverdue = (item: Pick<TodoItem, 'dueAt'>, now: Date): boolean =>
  item.dueAt !== null && item.dueAt.getTime() < now.getTime();

/** Overdue first, then soonest due, undated last; ties by title then id (a stable order). */
export function compareTodo(a: TodoItem, b: TodoItem, now: Date): number {
  const overdue = Number(isOverdue(b, now)) - Number(isOverdue(a, now));
  if (overdue !== 0) return overdue;
  const da = a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const db = b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

/** Whether every word of the search is in the title or detail (case-insensitive). */
export function matchesSearch(item: TodoItem, search: string | undefined): boolean {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${item.title} ${item.detail ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

export const toTodoItem = (item: TodoItem, now: Date): TTodoItem => ({
  id: item.id,
  kind: item.kind,
  title: item.title,
  detail: item.detail ?? null,
  href: item.href,
  due_at: item.dueAt?.toISOString() ?? null,
  overdue: isOverdue(item, now),
  priority: priorityOf(item, now),
});
