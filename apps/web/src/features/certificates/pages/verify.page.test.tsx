import { certificateOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { sha256Hex } from '../labels.ts';
import { verification } from '../test-certificates.ts';
import VerifyPage from './verify.page.tsx';

vi.mock('../../../shared/api/call.ts', async (orig) => ({
  ...(await orig<typeof import('../../../shared/api/call.ts')>()),
  call: vi.fn(),
}));

let answer: () => unknown = () => verification();
beforeEach(() => {
  answer = () => verification();
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    if (op === certificateOps.verify) return answer();
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(<VerifyPage />, { path: '/verify/:code', url: '/verify/ABCD-EFGH-JKMN' });

describe('/verify/:code', () => {
  it('shows every printed field and the status', async () => {
    open();
    expect(await screen.findByText('This certificate is valid.')).toBeTruthy();
    expect(screen.getByText('Ζωή Жанна')).toBeTruthy();
    expect(screen.getByText('Fire Safety')).toBeTruthy();
    expect(screen.getByText('Dana Director, Director')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Credential (JSON)' }).getAttribute('href')).toBe(
      '/api/credentials/urn-uuid-1/',
    );
  });

  it('says revoked, with the reason', async () => {
    answer = () =>
      verification({
        status: 'revoked',
        revoked_at: '2026-05-01T00:00:00Z',
        revoked_reason: 'Copied answers',
      });
    open();
    expect(await screen.findByText(/was revoked on .*Copied answers/)).toBeTruthy();
  });

  it('checks a chosen PDF against the issued hash', async () => {
    const good = new File([new Uint8Array([1, 2, 3])], 'c.pdf', { type: 'application/pdf' });
    const hash = await sha256Hex(good);
    answer = () => verification({ pdf_sha256: hash });
    open();
    const input = await screen.findByLabelText('Choose the PDF to check');
    fireEvent.change(input, { target: { files: [good] } });
    expect(await screen.findByText(/exactly the certificate that was issued/)).toBeTruthy();
    const edited = new File([new Uint8Array([1, 2, 4])], 'c.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [edited] } });
    expect(await screen.findByText(/does not match the issued certificate/)).toBeTruthy();
  });

  it('tells an unknown code apart from a failure', async () => {
    answer = () => {
      throw new ApiError({ status: 404, message: 'No certificate has this code.' });
    };
    open();
    await waitFor(() => expect(screen.getByText(/No certificate has this code/)).toBeTruthy());
  });
});
