import { blogOps, imageOps, type Operation } from '@atrium/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { makePost } from '../test-blogs.ts';
import BlogEditorPage from './blog-editor.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// jsdom cannot type into ProseMirror: a textarea stands in for the editor.
vi.mock('../../../shared/ui/rich-text/rich-text-field.tsx', () => ({
  RichTextField: ({
    label,
    value,
    onChange,
    error,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
    error?: string;
  }) => (
    <div>
      <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <p>{error}</p>}
    </div>
  ),
}));

type Args = {
  body?: Record<string, unknown>;
  params?: { id: number };
  onProgress?: (p: { percent: number | null }) => void;
};
const UUID = '0b7f4a5e-3c2d-4e1f-9a8b-7c6d5e4f3a2b';
const creates: Record<string, unknown>[] = [];
const updates: Record<string, unknown>[] = [];
let create: (body: Record<string, unknown>) => Promise<unknown>;
let finishUpload: (() => void) | null = null;

beforeEach(() => {
  creates.length = 0;
  updates.length = 0;
  finishUpload = null;
  create = async (body) => makePost({ id: 12, title: String(body.title) });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === blogOps.tags) return [{ tag: 'safety', count: 2 }];
    if (op === blogOps.create) {
      creates.push(args.body!);
      return create(args.body!);
    }
    if (op === blogOps.detail) {
      return makePost({
        id: args.params!.id,
        title: 'Live post',
        body_html: '<p>Text</p>',
        abilities: { edit: true, delete: true, comment: true, publish: true },
      });
    }
    if (op === blogOps.update) {
      updates.push(args.body!);
      return makePost({ id: args.params!.id, status: args.body!.status as 'draft' });
    }
    if (op === imageOps.upload) {
      args.onProgress?.({ percent: 40 });
      return new Promise((resolve) => {
        finishUpload = () =>
          resolve({ uuid: UUID, url: `/api/images/${UUID}/`, width: 10, height: 10 });
      });
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const renderNew = () =>
  renderWithApp(<BlogEditorPage />, { path: '/blogs/new', url: '/blogs/new' });

describe('BlogEditorPage', () => {
  it('shows the contract’s errors at the fields and sends nothing', async () => {
    renderNew();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    expect(screen.getByText('Write the post before publishing it.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), {
      target: { value: '<b>x</b>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Must be plain text (no HTML tags).')).toBeTruthy();
    expect(creates).toEqual([]);
  });

  it('publishes a new post with its tags and opens it', async () => {
    const { router } = renderNew();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), {
      target: { value: 'Handover tips' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Post' }), {
      target: { value: '<p>Start with the patient most at risk.</p>' },
    });
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'Team Work' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(await screen.findByText(/Tags use letters, digits, - and _ only/)).toBeTruthy();
    fireEvent.change(tags, { target: { value: 'Handover' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('#handover')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(creates).toEqual([
        {
          title: 'Handover tips',
          excerpt: '',
          body_html: '<p>Start with the patient most at risk.</p>',
          cover_image: null,
          tags: ['handover'],
          status: 'published',
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs/12'));
  });

  it('puts the server’s field errors under the fields', async () => {
    create = () =>
      Promise.reject(
        new ApiError({
          status: 400,
          hasServerMessage: true,
          message: 'Invalid input. Please correct the fields listed.',
          fieldErrors: { cover_image: ['Not an image you uploaded.'] },
        }),
      );
    renderNew();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not an image you uploaded.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Invalid input');
  });

  it('uploads a cover with a progress bar and holds the save until it is done', async () => {
    renderNew();
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Cover image file'), { target: { files: [file] } });
    expect(await screen.findByText('Uploading the cover 40%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save draft' })).toHaveProperty('disabled', true);
    await act(async () => finishUpload?.());
    expect(await screen.findByRole('img', { name: 'The cover image' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'C' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(creates[0]).toMatchObject({ cover_image: UUID, status: 'draft' }));
  });

  it('offers Save and Unpublish on a published post; Unpublish sends it back to a draft', async () => {
    renderWithApp(<BlogEditorPage />, { path: '/blogs/:id/edit', url: '/blogs/4/edit' });
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect((title as HTMLInputElement).value).toBe('Live post');
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(updates[0]).toMatchObject({ status: 'draft', title: 'Live post' }));
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderNew();
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Half' } });
    await act(async () => {
      await router.navigate('/blogs');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/blogs/new');
  });
});
