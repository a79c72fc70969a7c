import { describe, expect, it } from 'vitest';
import { settingsPayload, settingsToForm } from './settings-model.ts';
import { makeDetail } from './test-utils.tsx';

const form = () => settingsToForm(makeDetail().settings);

describe('settings form', () => {
  it('sends minutes as seconds, local times as instants and leaves the password out', () => {
    const result = settingsPayload(1, {
      ...form(),
      time_limit: '45',
      grace: '2',
      unlimited: true,
      opens_at: '2026-03-01T09:00',
      closes_at: '2026-03-02T17:30',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      assessment: 1,
      time_limit_seconds: 2700,
      grace_seconds: 120,
      attempts_allowed: null,
      opens_at: new Date('2026-03-01T09:00').toISOString(),
      closes_at: new Date('2026-03-02T17:30').toISOString(),
      pass_mark: 50,
    });
    expect('password' in result.payload).toBe(false);
  });

  it('clears the password with null and sets a new one as typed', () => {
    const cleared = settingsPayload(1, { ...form(), clear_password: true });
    expect(cleared.ok && cleared.payload.password).toBeNull();
    const set = settingsPayload(1, { ...form(), password: 'secret1' });
    expect(set.ok && set.payload.password).toBe('secret1');
  });

  it('names the wrong fields like the contract', () => {
    const result = settingsPayload(1, {
      ...form(),
      time_limit: '0',
      pass_mark: '120',
      attempts_allowed: '0',
      password: 'abc',
      opens_at: '2026-03-02T09:00',
      closes_at: '2026-03-01T09:00',
      delay: '1.5',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      time_limit: 'At least one minute.',
      pass_mark: 'A percentage from 0 to 100.',
      attempts_allowed: 'From 1 to 100 attempts.',
      password: 'From 4 to 128 characters.',
      closes_at: 'The close must be after the open.',
      delay: 'Whole minutes.',
    });
  });
});
