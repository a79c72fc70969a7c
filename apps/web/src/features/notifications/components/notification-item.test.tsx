import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageAvailability } from '../../../shared/navigation/page-availability.ts';
import { notification } from '../test-notification.ts';
import { NotificationItem } from './notification-item.tsx';

function renderItem(link: string, built: (link: string) => boolean) {
  const onOpen = vi.fn();
  render(
    <MemoryRouter>
      <PageAvailability.Provider value={built}>
        <NotificationItem notification={notification({ link })} onOpen={onOpen} />
      </PageAvailability.Provider>
    </MemoryRouter>,
  );
  return onOpen;
}

describe('NotificationItem', () => {
  it('links to what it is about', () => {
    renderItem('/courses/course-detail/3', () => true);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/courses/course-detail/3');
  });

  it('is no link while that screen is not built, and opening it still marks it read', () => {
    const onOpen = renderItem('/cpd?event=4', (link) => !link.startsWith('/cpd'));
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
