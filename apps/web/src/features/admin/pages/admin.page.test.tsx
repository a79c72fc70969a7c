import { adminOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import AdminPage from './admin.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const acme = {
  id: 3,
  title: 'Acme',
  acronym: 'ACME',
  active_users: 4,
  pending_users: 1,
  seats_used: 4,
  seats_licensed: 10,
  storage_bytes: 3_845,
  last_activity: null,
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
let features: Record<string, boolean>;

beforeEach(() => {
  calls.length = 0;
  features = { blogs: true, wall: true };
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === adminOps.organisations) return page([acme]);
    if (op === adminOps.health)
      return {
        checked_at: '2026-12-07T10:00:00Z',
        database: {
          reachable: true,
          engine: 'postgres',
          version: '17.2',
          size_bytes: 2048,
          connections: 7,
        },
        queue: [{ lane: 'default', type: 'mail.welcome', status: 'failed', count: 1 }],
        failed_jobs: 1,
        mail: {
          transport: 'outbox',
          queued: 2,
          failed: 1,
          outbox_last_day: 5,
          recent_failures: [
            { id: 9, type: 'mail.welcome', last_error: 'SMTP down', finished_at: null },
          ],
        },
        transcodes: { queued: 0, running: 1, failed: 2 },
        disk: { free_bytes: 1024, total_bytes: 4096, used_bytes: 3072 },
      };
    if (op === adminOps.failedJobs)
      return page([
        {
          id: 9,
          type: 'mail.welcome',
          attempts: 5,
          last_error: 'SMTP down',
          created_at: '2026-12-07T09:00:00Z',
          finished_at: '2026-12-07T09:30:00Z',
        },
      ]);
    if (op === adminOps.retryJobs) return { retried: 1 };
    if (op === adminOps.audit) return page([]);
    if (op === adminOps.features) return { organisation: 3, features };
    if (op === adminOps.setFeatures) {
      features = { ...features, ...(args.body as { features: object }).features };
      return { organisation: 3, features };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('AdminPage', () => {
  it('tells anyone but a superadmin that the console is not theirs, and calls nothing', () => {
    renderWithApp(<AdminPage />, { roleId: ROLE.ADMIN });
    expect(screen.getByText('The admin console is for superadmins.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists the organisations with their figures and sorts by a column', async () => {
    renderWithApp(<AdminPage />, { roleId: ROLE.SUPERADMIN });
    const table = await screen.findByRole('table', { name: 'Organisations' });
    const row = within(table).getByText('Acme').closest('tr')!;
    expect(within(row).getByText('4 / 10')).toBeTruthy();
    expect(within(row).getByText('3.8 KB')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Storage' }));
    await waitFor(() =>
      expect(calls.at(-1)?.args.query).toMatchObject({ ordering: '-storage_bytes', page: 1 }),
    );
  });

  it('shows the health figures and retries a failed job', async () => {
    renderWithApp(<AdminPage />, { roleId: ROLE.SUPERADMIN, url: '/?tab=health' });
    expect(await screen.findByText('17.2')).toBeTruthy();
    expect(screen.getByText('mail.welcome: SMTP down')).toBeTruthy();
    expect(screen.getByText('1 failed in all.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry job 9 (mail.welcome)' }));
    expect(await screen.findByText('1 job queued again.')).toBeTruthy();
    expect(calls.find((c) => c.op === adminOps.retryJobs)?.args.body).toEqual({ id: 9 });
  });

  it('says so when no audit event matches', async () => {
    renderWithApp(<AdminPage />, { roleId: ROLE.SUPERADMIN, url: '/?tab=audit' });
    expect(await screen.findByText('No audit events match these filters.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Organisation id' }), {
      target: { value: 'x' },
    });
    expect(
      (screen.getByRole('textbox', { name: 'Organisation id' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it('turns a feature off for the organisation chosen from its row', async () => {
    renderWithApp(<AdminPage />, { roleId: ROLE.SUPERADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Features of Acme' }));
    const blogs = await screen.findByRole('switch', { name: 'Blogs' });
    expect((blogs as HTMLInputElement).checked).toBe(true);
    fireEvent.click(blogs);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Blogs' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(calls.find((c) => c.op === adminOps.setFeatures)?.args).toMatchObject({
      params: { id: 3 },
      body: { features: { blogs: false } },
    });
  });
});
