import type { AppModule } from '../../core/module.ts';
import { todoMatrix } from './todo.matrix.ts';
import { registerTodoRoutes } from './todo.routes.ts';

/**
 * The to-do list (spec §7 "search to_do"; issues 22 and 23): the caller's next actions across
 * slices, which each slice provides through its module's `todo` (core/todo-provider.ts).
 */
export const todoModule: AppModule = {
  name: 'todo',
  routes: registerTodoRoutes,
  matrix: todoMatrix,
};
