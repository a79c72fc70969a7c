import {
  PLAIN_TEXT_MESSAGE,
  ZCategoryInput,
  ZFaqCreate,
  ZModuleInput,
  ZSignupRequest,
} from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  gradeFormSchema,
  ZAssignmentForm,
} from '../../features/learning/components/assignments/assignment-form.ts';
import { ReviewForm } from '../../features/learning/components/reviews/review-form.tsx';
import { ZBasicsForm, ZEducationForm } from '../../features/profiles/profile-forms.ts';
import { ZThemeForm } from '../../features/themes/theme-form.ts';
import { ZAddUserForm } from '../../features/users/add-user-form.ts';

/**
 * The forms run the contract's plainText() rule, so they refuse markup with the
 * very message the server answers (issue 11, finding 11).
 */
const MARKUP = '<img src=x onerror=alert(1)>';

function messagesAt(schema: z.ZodType, value: Record<string, unknown>, field: string) {
  const result = schema.safeParse(value);
  return result.error?.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
}

describe('form schemas refuse markup with the server’s message', () => {
  it.each([
    ['theme welcome message', ZThemeForm, 'welcome_message'],
    ['add-user first name', ZAddUserForm, 'first_name'],
    ['profile bio', ZBasicsForm, 'bio'],
    ['profile last name', ZBasicsForm, 'last_name'],
    ['education institution', ZEducationForm, 'institution'],
    ['sign-up first name', ZSignupRequest, 'first_name'],
    ['category description', ZCategoryInput, 'description'],
    ['module title', ZModuleInput, 'title'],
    ['FAQ answer', ZFaqCreate, 'answer'],
    ['assignment instructions', ZAssignmentForm, 'instructions'],
    ['grade feedback', gradeFormSchema(10), 'feedback'],
  ] as const)('%s', (_label, schema, field) => {
    expect(messagesAt(schema as z.ZodType, { [field]: MARKUP }, field)).toContain(
      PLAIN_TEXT_MESSAGE,
    );
    expect(messagesAt(schema as z.ZodType, { [field]: 'I <3 2 < 3' }, field) ?? []).not.toContain(
      PLAIN_TEXT_MESSAGE,
    );
  });
});

describe('ReviewForm', () => {
  it('shows the plain-text error and sends nothing while the comment holds markup', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewForm courseId={1} courseTitle="Fire safety" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByLabelText(/^4 stars/));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: '<b>Great</b>' },
    });
    expect(screen.getByText(PLAIN_TEXT_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post review' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    // MUI renders slowly in jsdom on a busy machine.
  }, 20_000);
});
