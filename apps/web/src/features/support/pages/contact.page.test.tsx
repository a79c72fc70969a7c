import { type Operation, ROLE, supportContactOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import ContactPage from './contact.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
let send: (body: unknown) => Promise<unknown>;
const message = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'How do I join?',
  message: 'Hello',
  user_id: null,
  handled: false,
  handled_at: null,
  created_at: '2026-12-01T10:00:00Z',
};

beforeEach(() => {
  calls.length = 0;
  send = async () => ({ detail: 'Thank you. Your message has been sent.' });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === supportContactOps.sendContact) return send(args.body);
    if (op === supportContactOps.contactMessages)
      return { count: 1, next: null, previous: null, results: [message] };
    if (op === supportContactOps.updateContact) return { ...message, handled: true };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('ContactPage', () => {
  it('sends the form prefilled for a signed-in person, with an empty honeypot', async () => {
    renderWithApp(<ContactPage />);
    expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe(
      'Lee Learner',
    );
    fill(/E-mail/, 'lee@example.com');
    fill(/Subject/, 'Access');
    fill(/Message/, 'I cannot open my course.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you. Your message has been sent.')).toBeTruthy();
    const sent = calls.find((c) => c.op === supportContactOps.sendContact);
    expect(sent?.args.body).toMatchObject({
      name: 'Lee Learner',
      email: 'lee@example.com',
      subject: 'Access',
      message: 'I cannot open my course.',
      website: '',
    });
    // A learner has no inbox tab.
    expect(screen.queryByRole('tab', { name: 'Messages' })).toBeNull();
  });

  it('checks fields before sending and shows the server’s refusals', async () => {
    send = async () => {
      throw new ApiError({ status: 429, message: 'Too many requests.', fieldErrors: {} });
    };
    renderWithApp(<ContactPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('This field may not be blank.')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.op === supportContactOps.sendContact)).toBe(false);

    fill(/E-mail/, 'lee@example.com');
    fill(/Subject/, 'Access');
    fill(/Message/, 'Again');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many requests.')).toBeTruthy();
  });

  it('gives admins the messages, which they mark handled', async () => {
    renderWithApp(<ContactPage />, { roleId: ROLE.ADMIN, url: '/?tab=messages' });
    const list = await screen.findByRole('list', { name: 'Contact messages' });
    expect(within(list).getByText('How do I join?')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === supportContactOps.updateContact)?.args).toMatchObject({
        params: { id: 1 },
        body: { handled: true },
      }),
    );
  });
});
