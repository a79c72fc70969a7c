import { catalogueOps, certificateOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { linkedInUrl } from '../labels.ts';
import { certificate, page } from '../test-certificates.ts';
import CertificatesPage from './certificates.page.tsx';

vi.mock('../../../shared/api/call.ts', async (orig) => ({
  ...(await orig<typeof import('../../../shared/api/call.ts')>()),
  call: vi.fn(),
}));

vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let templates: unknown[] = [];
let results = [certificate()];
beforeEach(() => {
  calls.length = 0;
  results = [certificate()];
  templates = [];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === certificateOps.list) return page(results);
    if (op === certificateOps.revoke) return certificate({ status: 'revoked' });
    if (op === certificateOps.templates) return templates;
    if (op === certificateOps.assignments) return [];
    if (op === catalogueOps.list)
      return { count: 1, next: null, previous: null, results: [{ id: 42, title: 'Fire Safety' }] };
    if (op === certificateOps.assign) return {};
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (roleId: number = ROLE.LEARNER) =>
  renderWithApp(<CertificatesPage />, { path: '/certificate', url: '/certificate', roleId });

describe('/certificate', () => {
  it('lists a learner’s certificates with download, share and LinkedIn', async () => {
    open();
    const card = await screen.findByRole('article', { name: 'Fire Safety' });
    expect(
      within(card).getByRole('button', { name: 'Download PDF' }).hasAttribute('disabled'),
    ).toBe(false);
    expect(within(card).getByRole('button', { name: 'Copy share link' })).toBeTruthy();
    const linkedIn = within(card).getByRole('link', { name: 'Add to LinkedIn' });
    expect(linkedIn.getAttribute('href')).toContain('startTask=CERTIFICATION_NAME');
    expect(linkedIn.getAttribute('href')).toContain('certId=ABCD-EFGH-JKMN');
    expect(calls[0]!.args.query).toMatchObject({ mine: 'true' });
  });

  it('shows the empty state', async () => {
    results = [];
    open();
    expect(await screen.findByText(/No certificates yet/)).toBeTruthy();
  });

  it('lets admins revoke with a reason', async () => {
    results = [certificate({ abilities: { download: true, revoke: true, reissue: true } })];
    open(ROLE.ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke ABCD-EFGH-JKMN' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Copied answers' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.op === certificateOps.revoke)?.args).toMatchObject({
        params: { id: 1 },
        body: { reason: 'Copied answers' },
      }),
    );
  }, 20_000);

  it('lets admins attach a template to a course found by its title', async () => {
    templates = [{ id: 7, name: 'Classic' }];
    open(ROLE.ADMIN);
    fireEvent.click(await screen.findByRole('tab', { name: 'Templates' }));
    const attach = await screen.findByRole('button', { name: 'Attach' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'For' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Course' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Classic' }));
    const course = screen.getByRole('combobox', { name: 'Course' });
    fireEvent.change(course, { target: { value: 'Fire' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Fire Safety' }));
    expect(calls.find((c) => c.op === catalogueOps.list)).toBeTruthy();
    fireEvent.click(attach);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.op === certificateOps.assign)?.args).toMatchObject({
        body: {
          kind: 'course',
          achievement_id: 42,
          achievement_name: 'Fire Safety',
          template_id: 7,
        },
      }),
    );
  }, 20_000);

  it('builds LinkedIn’s add-to-profile URL with the expiry', () => {
    const url = new URL(linkedInUrl(certificate(), 'https://lms.test'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      name: 'Fire Safety',
      organizationName: 'Acme',
      issueYear: '2026',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '3',
      certUrl: 'https://lms.test/verify/ABCD-EFGH-JKMN',
    });
  });
});
