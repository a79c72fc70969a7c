import { type Operation, videoOps, videoShareOps } from '@atrium/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import HlsPage, { shareTokenFrom } from './hls.page.tsx';

vi.mock('../../../shared/api/call.ts', async (orig) => ({
  ...(await orig<typeof import('../../../shared/api/call.ts')>()),
  call: vi.fn(),
}));
// hls.js needs Media Source, which jsdom lacks: the page's part is choosing what to play.
vi.mock('hls.js', () => ({ default: { isSupported: () => false } }));

const TOKEN = `${'A'.repeat(40)}_-9`;
const base = `/api/video/shared/${TOKEN}/`;
let answer: () => unknown;
const asked: Operation[] = [];
beforeEach(() => {
  asked.length = 0;
  answer = () => ({
    title: 'intro.mp4',
    status: 'ready',
    master: `${base}hls/master.m3u8`,
    poster: `${base}poster.jpg`,
    duration_seconds: 2,
  });
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    asked.push(op);
    if (op === videoShareOps.shared) return answer();
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (search: string) => renderWithApp(<HlsPage />, { path: '/hls', url: `/hls${search}` });

describe('shareTokenFrom', () => {
  it('reads a 43-character URL-safe token and nothing else', () => {
    expect(shareTokenFrom(new URLSearchParams(`share=${TOKEN}`))).toBe(TOKEN);
    for (const bad of ['', 'share=', 'share=short', `share=${TOKEN}x`, `share=${'a'.repeat(42)}.`])
      expect(shareTokenFrom(new URLSearchParams(bad))).toBeNull();
  });
});

describe('/hls?share=', () => {
  it('plays the shared video with its poster, without asking for the signed-in status', async () => {
    const { container } = open(`?share=${TOKEN}`);
    expect(await screen.findByText('intro.mp4')).toBeTruthy();
    const video = container.querySelector('video');
    expect(video?.getAttribute('poster')).toBe(`${base}poster.jpg`);
    expect(asked).not.toContain(videoOps.status);
  });

  it('explains a refused link', async () => {
    answer = () => {
      throw new ApiError({ status: 404, message: 'This share link does not exist.' });
    };
    open(`?share=${TOKEN}`);
    expect(await screen.findByText(/This share link does not play/)).toBeTruthy();
  });

  it('explains an incomplete link without calling the server', async () => {
    open('?share=abc');
    expect(await screen.findByText(/This share link is incomplete/)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('says when the video is not ready', async () => {
    answer = () => ({
      title: 'x',
      status: 'running',
      master: null,
      poster: null,
      duration_seconds: null,
    });
    open(`?share=${TOKEN}`);
    expect(await screen.findByText(/not ready to play yet/)).toBeTruthy();
  });
});
