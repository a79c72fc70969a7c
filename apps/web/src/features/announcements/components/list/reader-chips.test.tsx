import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnnouncement } from '../../test-announcements.ts';
import { ReaderChips } from './announcement-card.tsx';

describe('ReaderChips', () => {
  it('tells a reader what is left to do: unread, must acknowledge', () => {
    render(
      <ReaderChips announcement={makeAnnouncement({ read_at: null, must_acknowledge: true })} />,
    );
    expect(screen.getByText('Unread')).toBeTruthy();
    expect(screen.getByText('Must acknowledge')).toBeTruthy();
  });

  it('says nothing of reading to a manager outside the audience', () => {
    render(
      <ReaderChips
        announcement={makeAnnouncement({
          reader: false,
          read_at: null,
          must_acknowledge: true,
          pinned: true,
        })}
      />,
    );
    expect(screen.queryByText('Unread')).toBeNull();
    expect(screen.queryByText('Must acknowledge')).toBeNull();
    expect(screen.getByText('Pinned')).toBeTruthy();
  });
});
