import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toApiError } from '../../api/api-error.ts';
import { ImageInsertDialog } from './image-insert-dialog.tsx';
import type { RichTextImages } from './rich-text-images.ts';

const URL_OF_IMAGE = '/api/assessment/question/image/0b8d3c52-8f0e-4a57-9a52-5d6c1f2e3a4b/';

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs some address.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

const png = (name = 'square.png', bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** An upload the test finishes itself: progress, success or failure, and the signal it got. */
function controlledUpload() {
  let progress: (percent: number | null) => void = () => {};
  let signal: AbortSignal | undefined;
  let settle: { resolve: (v: { url: string }) => void; reject: (e: unknown) => void } | undefined;
  const upload = vi.fn(
    (_file: File, onProgress: (percent: number | null) => void, s: AbortSignal) =>
      new Promise<{ url: string }>((resolve, reject) => {
        progress = onProgress;
        signal = s;
        settle = { resolve, reject };
      }),
  );
  return {
    upload,
    progress: (p: number | null) => act(() => progress(p)),
    resolve: (url: string) => act(async () => settle?.resolve({ url })),
    reject: (error: unknown) => act(async () => settle?.reject(error)),
    signal: () => signal,
  };
}

function setup(upload: RichTextImages['upload'], initialFile: File | null = null) {
  const onInsert = vi.fn();
  const onClose = vi.fn();
  const images: RichTextImages = {
    upload,
    accept: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
    maxBytes: 1000,
    allowSrc: () => true,
  };
  render(
    <ImageInsertDialog
      images={images}
      initialFile={initialFile}
      onInsert={onInsert}
      onClose={onClose}
    />,
  );
  return { onInsert, onClose };
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
const altField = () => screen.getByRole('textbox', { name: /Image description \(alt text\)/ });
const insert = () => fireEvent.click(screen.getByRole('button', { name: 'Insert' }));

describe('ImageInsertDialog', () => {
  it('is a named dialog that says which files it takes', () => {
    setup(vi.fn());
    expect(screen.getByRole('dialog', { name: 'Insert image' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeTruthy();
    expect(screen.getByText('PNG, JPG, JPEG, GIF or WEBP, at most 1000 B.')).toBeTruthy();
  });

  it('refuses a file of the wrong type or too large, saying why, and uploads nothing', () => {
    const upload = vi.fn();
    const { onInsert } = setup(upload);
    choose(new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'drawing.svg is not a PNG, JPG, JPEG, GIF or WEBP file.',
    );
    choose(png('huge.png', 5000));
    expect(screen.getByRole('alert').textContent).toBe('huge.png is 4.9 KB; the limit is 1000 B.');
    fireEvent.change(altField(), { target: { value: 'A chart' } });
    insert();
    expect(upload).not.toHaveBeenCalled();
    expect(onInsert).not.toHaveBeenCalled();
    expect(screen.queryByTestId('image-preview')).toBeNull();
    // A good file after the refusals is taken, and the message goes.
    choose(png());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('image-preview')).toBeTruthy();
    expect(screen.getByText('square.png, 10 B')).toBeTruthy();
  });

  it('refuses a pasted or dropped file that is not allowed as soon as it opens', () => {
    setup(vi.fn(), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toMatch(/notes\.pdf is not a PNG/);
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeTruthy();
  });

  it('asks for a file before anything else', () => {
    const upload = vi.fn();
    setup(upload);
    insert();
    expect(screen.getByRole('alert').textContent).toBe('Choose an image to insert.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('requires a description unless the image is decorative, which gets alt=""', async () => {
    const upload = vi.fn(async () => ({ url: URL_OF_IMAGE }));
    const { onInsert } = setup(upload, png());
    insert();
    expect(upload).not.toHaveBeenCalled();
    expect(altField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Describe the image, or tick Decorative image.')).toBeTruthy();
    expect(document.activeElement).toBe(altField());
    // Spaces are no description either.
    fireEvent.change(altField(), { target: { value: '   ' } });
    insert();
    expect(upload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: /Decorative image/ }));
    expect((altField() as HTMLInputElement).disabled).toBe(true);
    insert();
    await waitFor(() => expect(onInsert).toHaveBeenCalledWith({ src: URL_OF_IMAGE, alt: '' }));
    expect(upload).toHaveBeenCalledWith(expect.any(File), expect.any(Function), expect.any(Object));
  });

  it('shows the upload’s progress in percent, then inserts the returned address', async () => {
    const run = controlledUpload();
    const { onInsert } = setup(run.upload, png());
    fireEvent.change(altField(), { target: { value: '  A red square  ' } });
    insert();
    expect(run.upload).toHaveBeenCalledTimes(1);
    expect(run.upload.mock.calls[0]?.[0].name).toBe('square.png');
    // Nothing is known of the size at first: an indeterminate bar.
    expect(screen.getByRole('status').textContent).toBe('Uploading the image…');
    run.progress(40);
    const bar = screen.getByRole('progressbar', { name: 'Uploading the image' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('status').textContent).toBe('Uploading the image 40%');
    // While it runs, the form cannot be sent again.
    expect((screen.getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(onInsert).not.toHaveBeenCalled();
    await run.resolve(URL_OF_IMAGE);
    expect(onInsert).toHaveBeenCalledWith({ src: URL_OF_IMAGE, alt: 'A red square' });
  });

  it('shows the server’s message when the upload fails, and may be tried again', async () => {
    const run = controlledUpload();
    const { onInsert } = setup(run.upload, png());
    fireEvent.change(altField(), { target: { value: 'A red square' } });
    insert();
    await run.reject(
      toApiError(415, { message: 'square.png is not an image of an allowed type.' }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'square.png is not an image of an allowed type.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onInsert).not.toHaveBeenCalled();
    insert();
    expect(run.upload).toHaveBeenCalledTimes(2);
  });

  it('says so in its own words when the server gives no message', async () => {
    const run = controlledUpload();
    setup(run.upload, png());
    fireEvent.change(altField(), { target: { value: 'A red square' } });
    insert();
    await run.reject(toApiError(400, {}));
    expect(screen.getByRole('alert').textContent).toBe('The image could not be uploaded.');
  });

  it('aborts the upload on Cancel and inserts nothing', async () => {
    const run = controlledUpload();
    const { onInsert, onClose } = setup(run.upload, png());
    fireEvent.change(altField(), { target: { value: 'A red square' } });
    insert();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(run.signal()?.aborted).toBe(true);
    expect(onClose).toHaveBeenCalled();
    await run.reject(new DOMException('The upload was cancelled.', 'AbortError'));
    expect(onInsert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
