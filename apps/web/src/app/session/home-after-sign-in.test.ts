import { describe, expect, it } from 'vitest';
import { homeAfterSignIn } from './home-after-sign-in.ts';

const Page = () => null;

describe('homeAfterSignIn', () => {
  const routes = [
    { path: '/dashboard', guard: 'protected' as const, Page },
    { path: '/reports', guard: 'perm' as const, Page },
    { path: '/courses', guard: 'perm' as const },
  ];

  it('returns to the last module when it is permitted and has a page', () => {
    expect(homeAfterSignIn('/reports', ['/dashboard', '/reports'], routes)).toBe('/reports');
  });

  it('goes to the dashboard otherwise', () => {
    expect(homeAfterSignIn(null, ['/reports'], routes)).toBe('/dashboard');
    expect(homeAfterSignIn('/reports', ['/dashboard'], routes)).toBe('/dashboard');
    expect(homeAfterSignIn('/courses', ['/courses'], routes)).toBe('/dashboard');
  });
});
