import { type Operation, xrOps } from '@atrium/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { XrPlayer } from './xr-player.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; body?: { hotspot: number } };
const visits: number[] = [];
const spot = (id: number, title: string) => ({
  id,
  title,
  text: `About ${title}`,
  position: null,
  normal: null,
  yaw: id * 10,
  pitch: 0,
});

let visited: number[];
beforeEach(() => {
  visits.length = 0;
  visited = [1];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === xrOps.play)
      return {
        scene: {
          id: 9,
          title: 'Deck',
          media: 'panorama',
          file_id: 4,
          asset_url: '/api/xr/scenes/9/asset/',
          content_type: 'image/jpeg',
          size: 100,
          width: 200,
          height: 100,
          hotspot_count: 3,
          used_by_modules: 1,
          created_at: '2026-12-01T10:00:00Z',
          hotspots: [spot(1, 'Bridge'), spot(2, 'Stern'), spot(3, 'Mast')],
        },
        visited,
        tracked: true,
        completed: false,
      };
    if (op === xrOps.visit) {
      visits.push(args.body!.hotspot);
      visited = [...new Set([...visited, args.body!.hotspot])];
      return { visited, total: 3, completed: visited.length === 3 };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('XrPlayer', () => {
  it('counts visited hotspots and records a visit when one is opened from the list', async () => {
    renderWithApp(<XrPlayer moduleFileId={7} />);
    expect(await screen.findByText('1 of 3 visited')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Hotspots of this scene' });
    fireEvent.click(within(list).getByRole('button', { name: /2\. Stern/ }));
    expect(await screen.findByText('2 of 3 visited')).toBeTruthy();
    expect(visits).toEqual([2]);
    expect(screen.getByRole('region', { name: 'Hotspot: Stern' }).textContent).toContain(
      'About Stern',
    );
    // Opening a visited one again shows it without recording anything.
    fireEvent.click(within(list).getByRole('button', { name: /1\. Bridge/ }));
    expect(visits).toEqual([2]);
  });

  it('says it is complete once the last hotspot is visited', async () => {
    visited = [1, 2];
    renderWithApp(<XrPlayer moduleFileId={7} />);
    const list = await screen.findByRole('list', { name: 'Hotspots of this scene' });
    fireEvent.click(within(list).getByRole('button', { name: /3\. Mast/ }));
    expect(await screen.findByText('3 of 3 visited')).toBeTruthy();
  });
});
