import { describe, expect, it } from 'vitest';
import { textsPayload } from './settings.api.ts';

describe('textsPayload', () => {
  it('trims texts and turns an emptied one into a removal', () => {
    expect(textsPayload({ catalogue_intro: '  Welcome!  ', completion_message: '   ' })).toEqual({
      catalogue_intro: 'Welcome!',
      completion_message: null,
    });
  });
});
