import { announcementOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { useAnnouncementsUnread } from '../index.ts';
import { makeAcknowledgement, makeAnnouncement, page } from '../test-announcements.ts';
import { renderWithApp } from '../test-render.tsx';
import AnnouncementPage from './announcement.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-03-05',
}));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// The chart is a picture of the figures table beside it (tested there).
vi.mock('../components/detail/report-chart.tsx', () => ({ default: () => null }));

type Args = { params?: { id: number }; query?: Record<string, unknown> };
const calls: { op: Operation; args: Args }[] = [];
let detail: () => unknown;

const asReader = makeAnnouncement({
  id: 7,
  must_acknowledge: true,
  read_at: null,
  abilities: { edit: false, delete: false, report: false, acknowledge: true },
});
const asManager = makeAnnouncement({
  id: 7,
  must_acknowledge: true,
  stats: { audience: 40, read: 12, acknowledged: 9 },
  abilities: { edit: true, delete: true, report: true, acknowledge: false },
});
const rows = [
  makeAcknowledgement({ acknowledged_at: '2026-03-02T11:00:00Z' }),
  makeAcknowledgement({
    user: { id: 10, fullname: 'Sam Staff', email: 'sam@example.org', department: null },
    read_at: null,
  }),
];

beforeEach(() => {
  calls.length = 0;
  detail = () => asReader;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === announcementOps.detail) return detail();
    if (op === announcementOps.unread) {
      const done = called(announcementOps.acknowledge).length > 0;
      return { unread: 0, to_acknowledge: done ? 0 : 1 };
    }
    if (op === announcementOps.list) return page([]);
    if (op === announcementOps.acknowledge) {
      return {
        ...asReader,
        read_at: '2026-03-05T09:00:00Z',
        acknowledged_at: '2026-03-05T09:01:00Z',
        abilities: { ...asReader.abilities, acknowledge: false },
      };
    }
    if (op === announcementOps.acknowledgements) {
      const status = args.query?.status;
      return page(
        rows.filter((r) =>
          status === 'acknowledged'
            ? r.acknowledged_at
            : status === 'pending'
              ? !r.acknowledged_at
              : true,
        ),
        status === 'all' ? 45 : 1,
      );
    }
    if (op === announcementOps.exportAcknowledgements) return new Blob(['name,email']);
    if (op === announcementOps.remove) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

/** What another feature shows with the public hook. */
function UnreadBadge() {
  const unread = useAnnouncementsUnread();
  return <p>To acknowledge: {unread.data?.to_acknowledge ?? '…'}</p>;
}

const open = (roleId: number = ROLE.LEARNER) =>
  renderWithApp(<AnnouncementPage />, {
    path: '/announcements/:id/',
    url: '/announcements/7/',
    roleId,
  });
const called = (op: Operation) => calls.filter((c) => c.op === op);

describe('AnnouncementPage', () => {
  it('shows the announcement as the server sanitised it', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New fire drill procedure' }),
    ).toBeTruthy();
    const article = screen.getByRole('article');
    expect(within(article).getByText('car park').tagName).toBe('STRONG');
    expect(within(article).getByText('Ada Admin')).toBeTruthy();
    expect(within(article).getByText('Whole organisation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Report' })).toBeNull();
  });

  it('acknowledges after a confirmation, then says when and hides the button', async () => {
    renderWithApp(
      <>
        <AnnouncementPage />
        <UnreadBadge />
      </>,
      { path: '/announcements/:id/', url: '/announcements/7/' },
    );
    expect(await screen.findByText('To acknowledge: 1')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Acknowledge this announcement?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(/^Acknowledged on /)).toBeTruthy();
    expect(called(announcementOps.acknowledge)[0]?.args.params).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    // A badge elsewhere on the screen counts one less to acknowledge.
    expect(await screen.findByText('To acknowledge: 0')).toBeTruthy();
  });

  it('gives its managers the report: figures, a filtered table and the CSV', async () => {
    detail = () => asManager;
    open(ROLE.ADMIN);
    const report = await screen.findByRole('region', { name: 'Report' });
    expect(within(report).getByText('Read 12 / acknowledged 9 of 40')).toBeTruthy();
    const figures = within(report).getByRole('table', { name: 'Reading figures' });
    expect(within(figures).getByRole('row', { name: 'Acknowledged 9 of 40 (23 %)' })).toBeTruthy();
    const table = await within(report).findByRole('table', { name: 'Acknowledgements' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(within(report).getByText('1–20 of 45')).toBeTruthy();

    fireEvent.mouseDown(within(report).getByRole('combobox', { name: 'Show' }));
    fireEvent.click(screen.getByRole('option', { name: 'Not yet acknowledged' }));
    await waitFor(() =>
      expect(called(announcementOps.acknowledgements).at(-1)?.args.query).toMatchObject({
        status: 'pending',
        page: 1,
      }),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Sam Staff')).toBeTruthy();

    fireEvent.change(within(report).getByRole('searchbox', { name: 'Search by name or e-mail' }), {
      target: { value: 'sam' },
    });
    await waitFor(() =>
      expect(called(announcementOps.acknowledgements).at(-1)?.args.query).toMatchObject({
        status: 'pending',
        search: 'sam',
      }),
    );

    fireEvent.click(within(report).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toBe(
      'announcement-7-acknowledgements-2026-03-05.csv',
    );
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    detail = () => asManager;
    const { router } = open(ROLE.TRAINER);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/announcements'));
    expect(router.state.location.search).toBe('?tab=manage');
    expect(called(announcementOps.remove)[0]?.args.params).toEqual({ id: 7 });
  });

  it('says it is not there on a 404, with a way back', async () => {
    detail = () => {
      throw new ApiError({ status: 404, message: 'Not found.', hasServerMessage: true });
    };
    open();
    expect(await screen.findByRole('heading', { name: 'Announcement not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to announcements' }).getAttribute('href')).toBe(
      '/announcements',
    );
  });
});
