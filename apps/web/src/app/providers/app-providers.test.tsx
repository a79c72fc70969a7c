import { useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../shared/notify/notify.ts';
import { AppProviders } from './app-providers.tsx';
import { shouldRetry } from './query-client.ts';

function FailingQuery() {
  useQuery({
    queryKey: ['failing'],
    queryFn: () => Promise.reject(new ApiError({ status: 500, message: 'ignored' })),
    retry: false,
    meta: { errorMessage: 'Could not get course detail' },
  });
  return null;
}

function SavingButton() {
  const mutation = useMutation({
    mutationFn: async () => 'saved',
    meta: { successMessage: '' },
  });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Save
    </button>
  );
}

describe('AppProviders snackbars', () => {
  it('shows error and success snackbars, success defaulting to "Success !"', async () => {
    render(<AppProviders>content</AppProviders>);
    act(() => {
      notifyError('Could not post data');
      notifySuccess();
    });
    expect(await screen.findByText('Could not post data')).toBeDefined();
    expect(await screen.findByText('Success !')).toBeDefined();
  });

  it("shows a query's errorMessage when the server sent no message of its own", async () => {
    render(
      <AppProviders>
        <FailingQuery />
      </AppProviders>,
    );
    expect(await screen.findByText('Could not get course detail')).toBeDefined();
  });

  it('shows the default success text for a mutation with an empty successMessage', async () => {
    render(
      <AppProviders>
        <SavingButton />
      </AppProviders>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Success !')).toBeDefined();
  });

  it('shows the crash page when something below the providers throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders>
        <Thrower />
      </AppProviders>,
    );
    expect(await screen.findByText('Provider-level failure')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeDefined();
  });
});

function Thrower(): never {
  throw new Error('Provider-level failure');
}

describe('shouldRetry', () => {
  it('retries network failures and 5xx twice but never 4xx or a broken 2xx', () => {
    expect(shouldRetry(0, new ApiError({ status: 0, message: 'x' }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 503, message: 'x' }))).toBe(true);
    expect(shouldRetry(2, new ApiError({ status: 503, message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 404, message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 403, message: 'x' }))).toBe(false);
    // A 200 whose body broke the contract will not fix itself either.
    expect(shouldRetry(0, new ApiError({ status: 200, message: 'x' }))).toBe(false);
  });
});
