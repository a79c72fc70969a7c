import { discussionOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { makeTopic, SCOPES, TYPES } from '../../test-discussions.ts';
import { renderWithApp } from '../../test-render.tsx';
import { DiscussionComposer } from './discussion-composer.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// jsdom cannot type into ProseMirror: a textarea stands in for the editor.
vi.mock('../../../../shared/ui/rich-text/rich-text-field.tsx', () => ({
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
    <>
      <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <p>{error}</p>}
    </>
  ),
}));

type Args = { body?: unknown; onProgress?: unknown };
const sent: Args[] = [];
let save: () => Promise<unknown>;

beforeEach(() => {
  sent.length = 0;
  save = async () => makeTopic({ id: 77 });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === discussionOps.types) return TYPES;
    if (op === discussionOps.scopes) return SCOPES;
    if (op === discussionOps.create || op === discussionOps.update) {
      sent.push(args);
      return save();
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

async function openComposer() {
  const onSaved = vi.fn();
  renderWithApp(<DiscussionComposer onClose={vi.fn()} onSaved={onSaved} />);
  const dialog = await screen.findByRole('dialog', { name: 'Start a discussion' });
  // The organisation's first type is preselected once the types have come.
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /^Type/ }).textContent).toBe('Question'),
  );
  return { dialog, onSaved };
}

const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

function attach(dialog: HTMLElement, ...files: File[]) {
  const input = within(dialog).getByLabelText('Attach files', { selector: 'input' });
  fireEvent.change(input, { target: { files } });
}

function fileOf(name: string, bytes: number) {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('DiscussionComposer', () => {
  it('checks what the contract checks before sending anything', async () => {
    const { dialog } = await openComposer();
    type(dialog, 'Title', '<b>Loud</b>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Must be plain text (no HTML tags).')).toBeTruthy();
    // Rich text with no words and no image is blank, as the server finds it.
    expect(within(dialog).getByText('This field may not be blank.')).toBeTruthy();
    type(dialog, 'Title', '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findAllByText('This field may not be blank.')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('sends JSON with the chosen place, and shows a 400 on its fields', async () => {
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input.',
        hasServerMessage: true,
        fieldErrors: {
          title: ['That title is taken.'],
          scope_id: ['You do not take part in this course.'],
        },
      });
    };
    const { dialog, onSaved } = await openComposer();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Posted in/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Safe lifting' }));
    type(dialog, 'Title', ' Lifting aids ');
    type(dialog, 'Text', '<p>Which hoist?</p>');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('That title is taken.')).toBeTruthy();
    expect(within(dialog).getByText('You do not take part in this course.')).toBeTruthy();
    expect(sent[0]?.body).toEqual({
      type: 1,
      title: 'Lifting aids',
      body: '<p>Which hoist?</p>',
      scope: 'course',
      scope_id: 31,
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses a file that is too large before any upload, keeping the good ones', async () => {
    const { dialog } = await openComposer();
    attach(dialog, fileOf('minutes.pdf', 2048));
    attach(dialog, fileOf('video.pdf', 21 * 1024 * 1024));
    expect(await within(dialog).findByText('video.pdf is 21 MB; the limit is 20 MB.')).toBeTruthy();
    attach(dialog, fileOf('notes.exe', 10));
    expect(await within(dialog).findByText('notes.exe is not a', { exact: false })).toBeTruthy();
    const attached = within(dialog).getByRole('list', { name: 'Attached files' });
    expect(
      within(attached)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['minutes.pdf 2 KB']);
    expect(sent).toEqual([]);
  });

  it('sends the files as multipart with a progress bar', async () => {
    const { dialog, onSaved } = await openComposer();
    type(dialog, 'Title', 'Rota');
    type(dialog, 'Text', '<p>See attached.</p>');
    attach(dialog, fileOf('rota.pdf', 4096));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove rota.pdf' }));
    attach(dialog, fileOf('rota-v2.pdf', 4096));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const form = sent[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({ type: '1', title: 'Rota', body: '<p>See attached.</p>', scope: 'organisation' });
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['rota-v2.pdf']);
    expect(typeof sent[0]?.onProgress).toBe('function');
    expect(screen.getByRole('progressbar', { name: 'Uploading the files' })).toBeTruthy();
  });

  it('edits a topic’s type, title and text, its place and files left as they are', async () => {
    const onSaved = vi.fn();
    renderWithApp(
      <DiscussionComposer topic={makeTopic({ id: 12 })} onClose={vi.fn()} onSaved={onSaved} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit discussion' });
    expect(within(dialog).queryByRole('button', { name: 'Attach files' })).toBeNull();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Type/ }).textContent).toBe('Question'),
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: /^Idea/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.body).toEqual({
      type: 2,
      title: 'Where is the fire exit?',
      body: '<p>I could not find it on the <strong>plan</strong>.</p>',
    });
  });

  it('starts a forum thread with files: the forum instead of a place, its refusal shown there', async () => {
    const onSaved = vi.fn();
    renderWithApp(
      <DiscussionComposer
        forum={{ slug: 'staff-room', name: 'Staff room' }}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New thread' });
    expect(within(dialog).getByRole('textbox', { name: 'Posted in' })).toHaveProperty(
      'value',
      'Forum: Staff room',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Type/ }).textContent).toBe('Question'),
    );
    type(dialog, 'Title', 'Rota');
    type(dialog, 'Text', '<p>See attached.</p>');
    attach(dialog, fileOf('rota.pdf', 4096));
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input.',
        hasServerMessage: true,
        fieldErrors: { forum: ['This forum is gone.'] },
      });
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('This forum is gone.')).toBeTruthy();
    const form = sent[0]?.body as FormData;
    expect(
      Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({ type: '1', title: 'Rota', body: '<p>See attached.</p>', forum: 'staff-room' });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
