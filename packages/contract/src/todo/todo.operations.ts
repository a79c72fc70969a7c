import { defineOperation } from '../core/operation.ts';
import { ZTodoKinds, ZTodoPage, ZTodoQuery } from './todo.ts';

const tags = ['todo'];
const errors = [400, 401] as const;
const anyone = 'Signed in (the items are the caller’s own)';

/** Spec §7 Other "search to_do": the caller's next actions across slices. */
export const todoOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/todo/',
    query: ZTodoQuery,
    response: ZTodoPage,
    errors,
    summary:
      'My next actions across slices, overdue first then by due date; search and kind filter',
    access: anyone,
    tags,
  }),
  kinds: defineOperation({
    method: 'GET',
    path: '/api/todo/kinds/',
    response: ZTodoKinds,
    errors: [401] as const,
    summary: 'The kinds of to-do items, with their labels (the list’s filters)',
    access: anyone,
    tags,
  }),
};
