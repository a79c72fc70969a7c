import type { TTodoItem } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../core/context.ts';
import type { TodoItem, TodoProvider } from '../../core/todo-provider.ts';
import { todoPage } from './todo.service.ts';

/** The merging service alone, with fake providers: a slice failing costs only its own kinds. */

describe('todoPage (unit)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const item = (id: string, dueAt: Date | null): TodoItem => ({
    kind: 'thing',
    id,
    title: `Thing ${id}`,
    href: '/dashboard',
    dueAt,
  });
  const fakeCtx = (providers: Record<string, TodoProvider>, off: string[] = []) => {
    const errors: unknown[] = [];
    const ctx = {
      todoProviders: new Map(Object.entries(providers)),
      log: { error: (...args: unknown[]) => errors.push(args) },
      featureSwitches: { disabledFor: async () => new Set(off) },
      moduleFeatures: new Map([['switchable', 'blogs']]),
    } as unknown as AppContext;
    return { ctx, errors };
  };
  const auth = { userId: 1, organisationId: 1 } as never;
  const query = { page: 1, page_size: 20 };

  it('names a failing provider’s kinds in `unavailable` and still answers the others', async () => {
    const { ctx, errors } = fakeCtx({
      good: {
        kinds: { thing: 'Things' },
        items: async () => [item('a', null), item('b', new Date('2026-05-30T00:00:00Z'))],
      },
      broken: {
        kinds: { broken_kind: 'Never answers', other_broken: 'Nor this' },
        items: async () => {
          throw new Error('the slice is down');
        },
      },
    });
    const page = await todoPage(ctx, auth, query, '/api/todo/', now);
    expect(page.unavailable).toEqual(['broken_kind', 'other_broken']);
    expect(page.results.map((i: TTodoItem) => [i.id, i.overdue])).toEqual([
      ['b', true],
      ['a', false],
    ]);
    expect(errors).toHaveLength(1);
    // Asking for another kind only: the failure is not reported.
    const only = await todoPage(ctx, auth, { ...query, kind: 'thing' }, '/api/todo/', now);
    expect(only.unavailable).toEqual([]);
  });

  it('leaves out the items of a module whose feature the organisation turned off', async () => {
    const providers = {
      good: { kinds: { thing: 'Things' }, items: async () => [item('a', null)] },
      switchable: { kinds: { thing: 'Things' }, items: async () => [item('s', null)] },
    };
    const on = await todoPage(fakeCtx(providers).ctx, auth, query, '/api/todo/', now);
    expect(on.results.map((i: TTodoItem) => i.id).sort()).toEqual(['a', 's']);
    const off = await todoPage(fakeCtx(providers, ['blogs']).ctx, auth, query, '/api/todo/', now);
    expect(off.results.map((i: TTodoItem) => i.id)).toEqual(['a']);
    expect(off.unavailable).toEqual([]);
  });

  it("ignores items of kinds a provider doesn't declare", async () => {
    const { ctx } = fakeCtx({
      good: {
        kinds: { thing: 'Things' },
        items: async () => [item('a', null), { ...item('x', null), kind: 'approval' }],
      },
    });
    const page = await todoPage(ctx, auth, query, '/api/todo/', now);
    expect(page.results.map((i) => i.id)).toEqual(['a']);
  });
});
