import { ltiOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../shared/api/call.ts';
import { renderWithApp } from '../../shared/testing/render-with-app.tsx';
import { LtiToolsPanel } from './LtiToolsPanel.tsx';

vi.mock('../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../shared/notify/notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

type Args = { params?: Record<string, number>; query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const tool = {
  id: 4,
  name: 'Quiz tool',
  client_id: '6f1c2a3b-1111-4222-8333-944445555666',
  deployment_id: 'd-1',
  login_url: 'https://tool.example.com/login',
  launch_url: 'https://tool.example.com/launch',
  deep_linking_url: null,
  jwks_url: 'https://tool.example.com/keys',
  public_key: null,
  share_name: true,
  share_email: false,
  custom: {},
  enabled: true,
  links: 0,
  created_at: '2026-12-01T10:00:00Z',
  updated_at: '2026-12-01T10:00:00Z',
  abilities: { edit: true, delete: true },
};
const platform = {
  issuer: 'https://learn.example.com',
  authorization_url: 'https://learn.example.com/api/lti/authorize/',
  token_url: 'https://learn.example.com/api/lti/token/',
  jwks_url: 'https://learn.example.com/api/lti/jwks/',
  openid_configuration_url:
    'https://learn.example.com/api/lti/openid-configuration/?organisation=1',
  deep_linking_return_url: 'https://learn.example.com/api/lti/deep-linking/return/',
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === ltiOps.listTools) return page([tool]);
    if (op === ltiOps.platform) return platform;
    if (op === ltiOps.createTool) return { ...tool, id: 5, name: 'Video tool' };
    if (op === ltiOps.deleteTool) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('LtiToolsPanel', () => {
  it('shows Atrium’s platform details and each tool’s client id to copy', async () => {
    renderWithApp(<LtiToolsPanel />, { roleId: ROLE.ADMIN });
    expect(await screen.findByText('Quiz tool')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Issuer' }) as HTMLInputElement).value).toBe(
      'https://learn.example.com',
    );
    expect((screen.getByRole('textbox', { name: 'Client id' }) as HTMLInputElement).value).toBe(
      tool.client_id,
    );
  });

  it('registers a tool after checking the form', async () => {
    renderWithApp(<LtiToolsPanel />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Register tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an LTI tool' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register tool' }));
    expect(await within(dialog).findByText('Enter the tool’s name.')).toBeTruthy();
    const type = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type(/^Name/, 'Video tool');
    type(/OIDC login initiation URL/, 'https://video.example.com/login');
    type(/Target launch URL/, 'https://video.example.com/launch');
    type(/^JWKS URL/, 'https://video.example.com/keys');
    type(/Custom parameters/, 'course_code=ABC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register tool' }));
    await waitFor(() => expect(calls.some((c) => c.op === ltiOps.createTool)).toBe(true));
    expect(calls.find((c) => c.op === ltiOps.createTool)?.args.body).toMatchObject({
      name: 'Video tool',
      jwks_url: 'https://video.example.com/keys',
      public_key: null,
      custom: { course_code: 'ABC' },
    });
  }, 30_000);

  it('asks before deleting a tool', async () => {
    renderWithApp(<LtiToolsPanel />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Quiz tool?' });
    expect(calls.some((c) => c.op === ltiOps.deleteTool)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === ltiOps.deleteTool)?.args.params).toEqual({ id: 4 }),
    );
  });
});
