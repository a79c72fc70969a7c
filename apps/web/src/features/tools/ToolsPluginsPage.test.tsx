import { type Operation, ROLE, webhookOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../shared/api/call.ts';
import { renderWithApp } from '../../shared/testing/render-with-app.tsx';
import ToolsPluginsPage from './ToolsPluginsPage.tsx';

vi.mock('../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../shared/notify/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

type Args = { params?: Record<string, number>; query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const hook = {
  id: 7,
  url: 'https://hooks.example.com/in',
  description: 'CRM',
  events: ['course.completed'],
  is_active: true,
  disabled_reason: null,
  consecutive_failures: 0,
  secret_hint: 'whsec_abcd',
  created_at: '2026-12-01T10:00:00Z',
  last_delivery_at: null,
};
const delivery = {
  id: 3,
  event: 'webhook.ping',
  status: 'failed',
  attempt: 6,
  max_attempts: 6,
  status_code: 500,
  duration_ms: 12,
  response_excerpt: 'oops',
  error: 'The receiver answered 500.',
  redelivery_of: null,
  created_at: '2026-12-01T10:00:00Z',
  last_attempt_at: '2026-12-01T10:05:00Z',
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === webhookOps.webhooks) return page([hook]);
    if (op === webhookOps.createWebhook)
      return { webhook: { ...hook, id: 8 }, secret: 'whsec_shown-once' };
    if (op === webhookOps.deliveries) return page([delivery]);
    if (op === webhookOps.redeliver) return { ...delivery, id: 4, status: 'pending' };
    if (op === webhookOps.deleteWebhook) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('ToolsPluginsPage', () => {
  it('tells non-admins the integrations are the admins’', async () => {
    renderWithApp(<ToolsPluginsPage />, { roleId: ROLE.LEARNER });
    expect(await screen.findByText(/managed by its admins/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('adds a webhook after checking the form, then shows its secret once', async () => {
    renderWithApp(<ToolsPluginsPage />, { roleId: ROLE.ADMIN });
    expect(await screen.findByText('https://hooks.example.com/in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Payload URL/ }), {
      target: { value: 'https://crm.example.com/hook' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /course\.completed/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect((within(secret).getByTestId('shown-secret') as HTMLInputElement).value).toBe(
      'whsec_shown-once',
    );
    expect(calls.find((c) => c.op === webhookOps.createWebhook)?.args.body).toMatchObject({
      url: 'https://crm.example.com/hook',
      events: ['course.completed'],
    });
  }, 20_000);

  it('shows the delivery log and redelivers', async () => {
    renderWithApp(<ToolsPluginsPage />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(table).getByText('HTTP 500 · 12 ms')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /Redeliver webhook.ping/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === webhookOps.redeliver)?.args.params).toEqual({
        id: 7,
        deliveryId: 3,
      }),
    );
  });

  it('asks before deleting', async () => {
    renderWithApp(<ToolsPluginsPage />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    expect(calls.some((c) => c.op === webhookOps.deleteWebhook)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.op === webhookOps.deleteWebhook)).toBe(true));
  });
});
