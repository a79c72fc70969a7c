import { describe, expect, it } from 'vitest';
import { access } from './access.ts';

describe('access.menu', () => {
  it('takes a menu path of the contract’s catalogue, and nothing else', () => {
    expect(access.menu('/courses')).toEqual({
      kind: 'authenticated',
      menu: '/courses',
      roles: undefined,
    });
    // tsc checks the test files too: if a typo compiled, this directive would be an error.
    // @ts-expect-error '/course' is not a menu path
    expect(access.menu('/course').kind).toBe('authenticated');
    // @ts-expect-error a group of the side menu, not a screen a route can require
    expect(access.menu('#organization').kind).toBe('authenticated');
  });
});
