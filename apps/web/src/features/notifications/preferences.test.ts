import { describe, expect, it } from 'vitest';
import { changedDefaults, frequenciesFor, lockedReason } from './preferences.ts';

describe('frequenciesFor', () => {
  it('offers digests for e-mail only', () => {
    expect(frequenciesFor('email')).toEqual(['immediately', 'daily', 'weekly', 'off']);
    expect(frequenciesFor('in_app')).toEqual(['immediately', 'off']);
  });
});

describe('lockedReason', () => {
  it('lets the user choose an optional channel', () => {
    expect(lockedReason('optional', 'daily')).toBeNull();
  });

  it('says what the organisation forces, and when it turned a channel off', () => {
    expect(lockedReason('forced', 'daily')).toBe('Set by your organisation: daily digest');
    expect(lockedReason('disabled', 'immediately')).toBe('Turned off by your organisation');
  });
});

describe('changedDefaults', () => {
  const saved = [
    {
      type: 'review_received',
      channel: 'email',
      frequency: 'weekly',
      state: 'optional',
      label: 'R',
    },
    {
      type: 'review_received',
      channel: 'in_app',
      frequency: 'immediately',
      state: 'optional',
      label: 'R',
    },
  ] as const;

  it('sends only the settings that differ from what is saved', () => {
    expect(
      changedDefaults([...saved], {
        'review_received:email': { frequency: 'daily', state: 'forced' },
        'review_received:in_app': { frequency: 'immediately', state: 'optional' },
      }),
    ).toEqual([{ type: 'review_received', channel: 'email', frequency: 'daily', state: 'forced' }]);
  });

  it('sends nothing when an edit went back to the saved value', () => {
    expect(changedDefaults([...saved], {})).toEqual([]);
    expect(
      changedDefaults([...saved], {
        'review_received:email': { frequency: 'weekly', state: 'optional' },
      }),
    ).toEqual([]);
  });
});
