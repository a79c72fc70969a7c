import { todoOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { todoKinds, todoPage } from './todo.service.ts';

/**
 * Every signed-in person has a to-do list (the card sits on everyone's dashboard, no menu
 * permission): what it shows is their own, each item by its slice's rules.
 */
export function registerTodoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };
  route(app, ops.kinds, signedIn, async () => todoKinds(ctx));
  route(app, ops.list, signedIn, async (req) => todoPage(ctx, caller(req), req.query, req.url));
}
