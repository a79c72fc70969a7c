import { type Operation, wallOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { uploadImage } from '../../../../shared/api/images.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { renderWithApp } from '../../test-render.tsx';
import { ADA, image, makePost, SAM } from '../../test-wall.ts';
import { PostComposer } from './post-composer.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// The app's snackbar provider is not mounted here.
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.mock('../../../../shared/api/images.ts', () => ({ uploadImage: vi.fn() }));

type Args = { body?: unknown; query?: { search?: string } };
const created: unknown[] = [];
let create: () => Promise<unknown>;
const uploads: { progress: (p: number | null) => void; finish: () => void; fail: () => void }[] =
  [];

beforeEach(() => {
  created.length = 0;
  uploads.length = 0;
  create = async () => makePost({ id: 77 });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === wallOps.create) {
      created.push(args.body);
      return create();
    }
    if (op === wallOps.mentions) {
      return args.query?.search === 's' ? [SAM] : [ADA, SAM];
    }
    if (op === wallOps.linkPreview) {
      return {
        preview: {
          url: 'https://example.org/news',
          site_name: 'Example',
          title: 'Big news',
          description: 'All about it',
          image: null,
        },
      };
    }
    if (op === wallOps.feed || op === wallOps.hashtags) return [];
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
  vi.mocked(uploadImage).mockImplementation(
    (file, onProgress) =>
      new Promise((resolve, reject) => {
        const n = uploads.length + 1;
        uploads.push({
          progress: onProgress,
          finish: () => resolve({ ...image(n), size: file.size }),
          fail: () =>
            reject(new ApiError({ status: 415, message: 'Not an image.', hasServerMessage: true })),
        });
      }) as ReturnType<typeof uploadImage>,
  );
});

function renderComposer() {
  renderWithApp(<PostComposer />);
  const form = screen.getByRole('form', { name: 'Write a post' });
  const text = within(form).getByRole('textbox', { name: 'Write a post' }) as HTMLTextAreaElement;
  return { form, text };
}

const typeInto = (text: HTMLTextAreaElement, value: string) => {
  fireEvent.change(text, { target: { value, selectionStart: value.length } });
  text.setSelectionRange(value.length, value.length);
};

const png = (name: string, bytes = 1000) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('PostComposer', () => {
  it('checks the post as the contract does before sending anything', async () => {
    const { form, text } = renderComposer();
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('Write something or add an image.')).toBeTruthy();
    typeInto(text, 'Look <b>here</b>');
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('Must be plain text (no HTML tags).')).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('tells the author when the post is held for review', async () => {
    create = async () => makePost({ id: 78, moderation_state: 'held' });
    const { form, text } = renderComposer();
    typeInto(text, 'A word the organisation reviews');
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'Held for review: others see it once a moderator releases it.',
      ),
    );
  });

  it('sends the text, clears the form, and shows the server’s refusals', async () => {
    const { form, text } = renderComposer();
    typeInto(text, '  Hello #team  ');
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(text.value).toBe(''));
    expect(created).toEqual([{ body: 'Hello #team', images: [] }]);

    create = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input.',
        hasServerMessage: true,
        fieldErrors: { images: ['00000000-0000-4000-8000-000000000009 is not your image.'] },
      });
    };
    typeInto(text, 'Again');
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(
      await within(form).findByText('00000000-0000-4000-8000-000000000009 is not your image.'),
    ).toBeTruthy();

    create = async () => {
      throw new ApiError({
        status: 429,
        message: 'Too many posts, wait a minute.',
        hasServerMessage: true,
      });
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Too many posts, wait a minute.',
    );
    expect(text.value).toBe('Again');
  });

  it('suggests people to mention, chosen by keyboard; Escape closes the list', async () => {
    const { text } = renderComposer();
    text.focus();
    typeInto(text, 'Thanks @');
    expect(screen.queryByRole('listbox')).toBeNull();
    typeInto(text, 'Thanks @s');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    const names = () =>
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(names()).toEqual([expect.stringContaining('Sam Kay@sam.k')]);
    // Another letter: both people; ArrowDown moves to the second, Enter picks it.
    typeInto(text, 'Thanks @');
    typeInto(text, 'Thanks @k');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(text.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    fireEvent.keyDown(text, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(text.value).toBe('Thanks @sam.k ');
    expect(screen.queryByRole('listbox')).toBeNull();

    typeInto(text, 'Thanks @sam.k and @a');
    await screen.findByRole('listbox');
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(text.value).toBe('Thanks @sam.k and @a');
  });

  it('uploads each image with its own progress, waits for them, and lets one be removed', async () => {
    const { form, text } = renderComposer();
    const picker = within(form).getByLabelText('Add images', { selector: 'input' });
    fireEvent.change(picker, { target: { files: [png('one.png'), png('two.png')] } });
    expect(uploads).toHaveLength(2);
    uploads[0]!.progress(40);
    expect(
      (await within(form).findByRole('progressbar', { name: 'Uploading one.png' })).getAttribute(
        'aria-valuetext',
      ),
    ).toBe('Uploading 40%');
    expect(within(form).getByRole('progressbar', { name: 'Uploading two.png' })).toBeTruthy();
    const post = within(form).getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: 'Remove two.png' }));
    uploads[0]!.finish();
    await waitFor(() => expect(post.disabled).toBe(false));
    expect(within(form).queryByRole('progressbar')).toBeNull();
    typeInto(text, 'Our new room');
    fireEvent.click(post);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ body: 'Our new room', images: [image(1).uuid] });
  });

  it('refuses a file that is no image before uploading, and shows a failed upload', async () => {
    const { form, text } = renderComposer();
    const picker = within(form).getByLabelText('Add images', { selector: 'input' });
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(await within(form).findByText(/notes\.txt is not a/)).toBeTruthy();
    expect(uploads).toHaveLength(0);
    fireEvent.drop(form, { dataTransfer: { files: [png('bad.png')] } });
    uploads[0]!.fail();
    expect(await within(form).findByText('Not uploaded: Not an image.')).toBeTruthy();
    typeInto(text, 'With a broken image');
    fireEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(
      await within(form).findByText('Remove the images that could not be uploaded.'),
    ).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('previews the first link once typing pauses', async () => {
    const { form, text } = renderComposer();
    typeInto(text, 'Read https://example.org/news today');
    const card = await within(form).findByRole('link', { name: 'Big news (opens in a new tab)' });
    expect(card.getAttribute('href')).toBe('https://example.org/news');
    expect(card.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });
});
