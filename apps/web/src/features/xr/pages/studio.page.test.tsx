import { type Operation, ROLE, xrOps } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import StudioPage from './studio.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const called: Operation[] = [];
beforeEach(() => {
  called.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    called.push(op);
    if (op === xrOps.listScenes) return { count: 0, next: null, previous: null, results: [] };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('StudioPage', () => {
  it('explains to learners that the studio is for authors, and asks the server nothing', () => {
    renderWithApp(<StudioPage />, { roleId: ROLE.LEARNER });
    expect(
      screen.getByRole('heading', { name: 'The AR/VR studio is for course authors' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a scene' })).toBeNull();
    expect(called).toEqual([]);
  });

  it('shows trainers an empty library with a way to upload the first scene', async () => {
    renderWithApp(<StudioPage />, { roleId: ROLE.TRAINER });
    expect(await screen.findByText('No scenes yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a scene' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload the first scene' })).toBeTruthy();
  });
});
