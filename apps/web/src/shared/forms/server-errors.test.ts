import { describe, expect, it, vi } from 'vitest';
import { toApiError } from '../api/api-error.ts';
import { applyServerErrors } from './server-errors.ts';

describe('applyServerErrors', () => {
  it('puts field errors on known fields and returns the message for the alert', () => {
    const setError = vi.fn();
    const error = toApiError(400, {
      message: 'Invalid input. Please correct the fields listed.',
      errors: { username: ['This user name is taken.'], other: ['ignored'] },
    });
    const message = applyServerErrors<{ username: string }>(error, setError, ['username']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('username', {
      type: 'server',
      message: 'This user name is taken.',
    });
    expect(message).toBe('Invalid input. Please correct the fields listed.');
  });

  it('returns the support message for a failure that is no API error', () => {
    expect(applyServerErrors(new Error('boom'), vi.fn(), [])).toMatch(/unexpected error/);
  });
});
