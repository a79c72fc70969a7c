import { certificateOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { MyCertificatesCard } from './my-certificates-card.tsx';
import { renderCard } from './test-harness.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({ saveBlob: vi.fn() }));

let results: unknown[] = [];
const queries: unknown[] = [];
const pdf = new Blob(['%PDF-1.4']);
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: { query?: unknown } = {}) => {
    if (op === certificateOps.pdf) return pdf;
    if (op !== certificateOps.list) throw new Error(`unexpected ${op.method} ${op.path}`);
    queries.push(args.query);
    return { count: results.length, next: null, previous: null, results };
  }) as unknown as typeof call);
});

const certificate = (over: Record<string, unknown>) => ({
  id: 3,
  code: 'ABC123',
  achievement_name: 'Fire safety',
  issued_at: '2026-10-01T10:00:00.000Z',
  expires_at: null,
  pdf_ready: true,
  abilities: { download: true, revoke: false, reissue: false },
  ...over,
});

describe('MyCertificatesCard', () => {
  it('asks for the learner’s valid certificates and says how to earn one', async () => {
    results = [];
    renderCard(<MyCertificatesCard />);
    expect(await screen.findByText(/No certificate yet/)).toBeTruthy();
    expect(queries[0]).toMatchObject({ status: 'valid', page: 1 });
    expect(screen.getByRole('link', { name: 'All certificates' }).getAttribute('href')).toBe(
      '/certificate',
    );
  });

  it('downloads a certificate’s PDF, and waits for one still being prepared', async () => {
    results = [
      certificate({}),
      certificate({ id: 4, code: 'DEF', achievement_name: 'First aid', pdf_ready: false }),
    ];
    renderCard(<MyCertificatesCard />);
    const download = await screen.findByRole('button', {
      name: 'Download the certificate for Fire safety',
    });
    fireEvent.click(download);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(pdf, 'certificate-ABC123.pdf'));
    expect(call).toHaveBeenCalledWith(certificateOps.pdf, { params: { id: 3 } });
    const waiting = screen.getByRole('button', { name: 'PDF being prepared' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
  });
});
