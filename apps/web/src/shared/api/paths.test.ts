import { describe, expect, it } from 'vitest';
import { fillPath } from './paths.ts';

describe('fillPath', () => {
  it('fills and encodes every placeholder', () => {
    expect(fillPath('/api/x/:id/image/:kind/', { id: 3, kind: 'site logo' })).toBe(
      '/api/x/3/image/site%20logo/',
    );
  });

  it('throws for a placeholder without a value', () => {
    expect(() => fillPath('/api/x/:id/', {})).toThrow(/No value for :id/);
  });
});
