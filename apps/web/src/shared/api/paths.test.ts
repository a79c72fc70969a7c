import { describe, expect, it } from 'vitest';
import { fillPath } from './paths.ts';

describe('fillPath', () => {
  it('fills and encodes every placeholder', () => {
    expect(fillPath('/api/x/:id/image/:kind/', { id: 3, kind: 'site logo' })).toBe(
      '/api/x/3/image/site%20logo/',
    );
  });

  it('fills a trailing * with the rest of the path, keeping its slashes', () => {
    expect(fillPath('/api/video/:id/hls/*', { id: 7, '*': 'v0/seg 1.ts' })).toBe(
      '/api/video/7/hls/v0/seg%201.ts',
    );
  });

  it('throws for a placeholder without a value', () => {
    expect(() => fillPath('/api/x/:id/', {})).toThrow(/No value for :id/);
  });
});
