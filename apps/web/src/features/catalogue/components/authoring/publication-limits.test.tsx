import { adminApprovalMessage, type TModule } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyCourseForm } from '../../authoring/course-form.ts';
import { CourseForm } from './course-form.tsx';
import { ModuleFilesSection } from './module-files-section.tsx';
import { ModulesSection } from './modules-section.tsx';

/* A trainer on a published course: the add controls stay visible but disabled, with the reason. */
const REASON = adminApprovalMessage('published', 'add_content');
const module: TModule = {
  id: 5,
  course: 3,
  title: 'Basics',
  description: '',
  position: 1,
  files: [],
};

function wrap(children: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('adding content to a published course, as a trainer', () => {
  it('disables attaching a file and says why', () => {
    wrap(<ModuleFilesSection module={module} editable addBlocked={REASON} />);
    const button = screen.getByRole('button', { name: 'Attach from repository' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      REASON,
    );
  });

  it('disables adding a module and says why', () => {
    wrap(<ModulesSection courseId={3} modules={[module]} editable addBlocked={REASON} />);
    expect(screen.getByRole('button', { name: 'Add module' })).toHaveProperty('disabled', true);
    expect(screen.getByText(REASON)).toBeTruthy();
    // Renaming and deleting stay available.
    expect(screen.getByRole('button', { name: 'Rename Basics' })).toHaveProperty('disabled', false);
  });

  it('offers both when nothing blocks them', () => {
    wrap(<ModulesSection courseId={3} modules={[module]} editable />);
    expect(screen.getByRole('button', { name: 'Add module' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(REASON)).toBeNull();
  });
});

// The first render of the course form (rich-text editor) is slow on a busy machine.
describe('widening the visibility of a published course, as a trainer', { timeout: 20_000 }, () => {
  const WIDEN = adminApprovalMessage('published', 'widen_visibility');
  const form = (visibility: 'organisation' | 'catalogue') =>
    wrap(
      <CourseForm
        initial={{ ...emptyCourseForm(), title: 'Safety', visibility }}
        submitLabel="Save changes"
        save={async () => undefined}
        wideningBlocked={WIDEN}
      />,
    );
  const option = (name: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Visibility' }));
    return within(screen.getByRole('listbox')).getByRole('option', { name });
  };

  it('disables the shared catalogue and says why', () => {
    form('organisation');
    expect(screen.getByText(WIDEN)).toBeTruthy();
    expect(option('Shared catalogue').getAttribute('aria-disabled')).toBe('true');
  });

  it('still lets a shared course be narrowed to the organisation', () => {
    form('catalogue');
    expect(screen.queryByText(WIDEN)).toBeNull();
    expect(option('This organisation only').getAttribute('aria-disabled')).not.toBe('true');
  });
});
