import type { TOrganisationContent, TUnsubscribeState } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';
import { ColorModeProvider } from '../../../shared/theme/color-mode.tsx';
import UnsubscribePage from './unsubscribe.page.tsx';

const organisation: TOrganisationContent = {
  id: 26,
  domain_url: null,
  title: 'Northwind Academy',
  welcome_message: null,
  logo: null,
  header_login_logo1: null,
  header_login_logo2: null,
  login_banner_image: null,
  site_logo: null,
  heading_color: '#123456',
  theme_color: '#123456',
  link_color: '#123456',
  text_color: '#111111',
  button_color: '#123456',
  table_head_color: '#123456',
  custom_field: null,
  organization: [],
  allow_signup: true,
  idle: { mode: 'prompt', minutes: 30 },
  sso: null,
};

const state = (over: Partial<TUnsubscribeState> = {}): TUnsubscribeState => ({
  type: 'enrolment_assigned',
  label: 'You are enrolled in a course',
  unsubscribed: false,
  forced: false,
  ...over,
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Answer = () => Response | Promise<Response>;
let answerGet: Answer;
let answerPost: Answer;
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/v1/accounts/organization_content/')) return json(organisation);
  if (url.startsWith('/api/notify/unsubscribe/')) {
    return init?.method === 'POST' ? answerPost() : answerGet();
  }
  return json({ message: 'Not found.' }, 404);
});
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
/** What fetch does when there is no connection: the client turns it into a status-0 error. */
const offline: Answer = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  answerGet = () => json(state());
  answerPost = () => json(state({ unsubscribed: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderAt(path: string, token: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = { token, permittedPaths: [], user: null, menu: [] } as unknown as SessionValue;
  render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <ColorModeProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/unsubscribe" element={<UnsubscribePage />} />
              <Route path="/myprofile" element={<p>Profile page</p>} />
              <Route path="/" element={<p>Sign-in page</p>} />
            </Routes>
          </MemoryRouter>
        </ColorModeProvider>
      </SessionContext>
    </QueryClientProvider>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('UnsubscribePage', () => {
  it('shows what the token stops, then turns it off on the button and confirms', async () => {
    renderAt('/unsubscribe?token=abc.def');
    expect(screen.getByRole('status').textContent).toContain('Checking your link');
    await heading('Stop these e-mails?');
    expect(screen.getByText('You are enrolled in a course')).toBeTruthy();
    expect(screen.getByText(/one kind of e-mail from Northwind Academy/)).toBeTruthy();
    // Opening the page reads the state and changes nothing: mail scanners follow links too.
    expect(posts()).toHaveLength(0);
    const [getUrl] = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/notify/')) ?? [];
    expect(getUrl).toBe('/api/notify/unsubscribe/?token=abc.def');

    fireEvent.click(
      screen.getByRole('button', { name: 'Stop e-mails about “You are enrolled in a course”' }),
    );
    await heading('You are unsubscribed');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.[0]).toBe('/api/notify/unsubscribe/?token=abc.def');
    const news = screen.getByText(
      'You will no longer get e-mails about “You are enrolled in a course”.',
    );
    // The button that had the focus is gone; the confirmation takes it.
    expect(document.activeElement).toBe(news);
    const settings = screen.getByRole('link', { name: 'notification settings' });
    expect(settings.getAttribute('href')).toBe('/myprofile');
    fireEvent.click(settings);
    await screen.findByText('Profile page');
  });

  it('says so when the e-mails are already off, without a button', async () => {
    answerGet = () => json(state({ unsubscribed: true }));
    renderAt('/unsubscribe?token=abc.def');
    await heading('Already unsubscribed');
    expect(screen.getByText(/are already off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Stop e-mails/ })).toBeNull();
  });

  it('explains a type the organisation forces, and offers no button', async () => {
    answerGet = () => json(state({ forced: true }));
    renderAt('/unsubscribe?token=abc.def');
    await heading('These e-mails cannot be turned off');
    expect(
      screen.getByText(/Northwind Academy requires e-mails about “You are enrolled in a course”/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Stop e-mails/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it('explains a 409 when the organisation forced the type after the page opened', async () => {
    answerPost = () =>
      json(
        { message: 'Your organisation requires these e-mails; they cannot be turned off.' },
        409,
      );
    renderAt('/unsubscribe?token=abc.def', 'session-token');
    await heading('Stop these e-mails?');
    fireEvent.click(screen.getByRole('button', { name: /^Stop e-mails about/ }));
    await heading('These e-mails cannot be turned off');
    // A signed-in reader goes straight to their settings.
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/myprofile',
    );
  });

  it.each([
    ['a 404', () => json({ message: 'This unsubscribe link is not valid.' }, 404)],
    ['a 400', () => json({ message: 'Invalid input.', errors: { token: ['Required'] } }, 400)],
  ])('shows an invalid link for %s', async (_name, answer) => {
    answerGet = answer;
    renderAt('/unsubscribe?token=forged');
    await heading('This link does not work');
    expect(screen.getByText('This unsubscribe link is not valid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows an invalid link without asking the server when the token is missing', async () => {
    renderAt('/unsubscribe');
    await heading('This link does not work');
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/notify/'))).toBe(false);
  });

  it('offers a retry when the server cannot be reached, and recovers', async () => {
    answerGet = offline;
    renderAt('/unsubscribe?token=abc.def');
    await heading('Your link could not be checked');
    expect(screen.getByRole('alert').textContent).toContain(
      'Northwind Academy could not be reached',
    );
    expect(screen.getByText('Nothing has been changed.')).toBeTruthy();

    answerGet = () => json(state());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Stop these e-mails?');
  });

  it('keeps the button when the POST fails on the way, and a second click succeeds', async () => {
    answerPost = offline;
    renderAt('/unsubscribe?token=abc.def');
    await heading('Stop these e-mails?');
    const button = screen.getByRole('button', { name: /^Stop e-mails about/ });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Your choice was not saved.'),
    );

    answerPost = () => json(state({ unsubscribed: true }));
    fireEvent.click(screen.getByRole('button', { name: /^Stop e-mails about/ }));
    await heading('You are unsubscribed');
    expect(posts()).toHaveLength(2);
  });

  it('shows an invalid link when the POST answers 404', async () => {
    answerPost = () => json({ message: 'This unsubscribe link is not valid.' }, 404);
    renderAt('/unsubscribe?token=abc.def');
    await heading('Stop these e-mails?');
    fireEvent.click(screen.getByRole('button', { name: /^Stop e-mails about/ }));
    await heading('This link does not work');
  });
});
