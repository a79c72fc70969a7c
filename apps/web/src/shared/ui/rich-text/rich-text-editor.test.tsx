import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import RichTextEditor from './rich-text-editor.tsx';
import { type RichTextImages, withImageExtension } from './rich-text-images.ts';

const OWN = '/api/assessment/question/image/0b8d3c52-8f0e-4a57-9a52-5d6c1f2e3a4b/';

beforeAll(() => {
  // jsdom has no object URLs; the dialog's preview only needs some address.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

const images = (upload = vi.fn(async () => ({ url: OWN }))): RichTextImages => ({
  upload,
  accept: ['png', 'jpg'],
  maxBytes: 1000,
  allowSrc: (src) => src.startsWith('/api/assessment/question/image/'),
});

/** The editor in a form of its own, as in the question editor; `onSave` is that form's submit. */
function setup(props: { value?: string; images?: RichTextImages; onSave?: () => void }) {
  const onChange = vi.fn();
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave?.();
      }}
    >
      <span id="label">Question text</span>
      <RichTextEditor
        value={props.value ?? '<p>Which shape?</p>'}
        onChange={onChange}
        labelId="label"
        images={props.images}
      />
    </form>,
  );
  return onChange;
}

const png = () => new File([new Uint8Array(10)], 'square.png', { type: 'image/png' });
const textbox = () => screen.getByRole('textbox', { name: 'Question text' });

describe('RichTextEditor with images', () => {
  it('offers no image button, and keeps no image, when the field takes none', () => {
    setup({ value: `<p>Which shape?</p><img src="${OWN}" alt="A square">` });
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull();
    expect(textbox().querySelector('img')).toBeNull();
  });

  it('keeps its own images from the stored text, and drops any other address', () => {
    const other = OWN.replace('0b8d', '1c9e');
    setup({
      value: `<p>Which shape?</p><img src="${OWN}" alt="A square"><img src="https://elsewhere.example/x.png" alt="Other"><img src="${other}" alt="">`,
      images: images(),
    });
    const shown = [...textbox().querySelectorAll('img')];
    expect(shown.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual([
      [OWN, 'A square'],
      // A decorative image keeps its empty description (not none at all).
      [other, ''],
    ]);
  });

  it('inserts the uploaded image, with its description, from the toolbar', async () => {
    const upload = vi.fn(async () => ({ url: OWN }));
    const onSave = vi.fn();
    // Empty, so that the image is the last block: the case where the cursor could stay on it.
    const onChange = setup({ value: '', images: images(upload), onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Insert image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [png()] } });
    // Asked for a description first: the dialog stays, and the surrounding form is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByText('Describe the image, or tick Decorative image.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /alt text/ }), {
      target: { value: 'A red square' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(onSave).not.toHaveBeenCalled();
    // The cursor is after the image, not on it: typing on does not replace it.
    expect(textbox().querySelector('.ProseMirror-selectednode')).toBeNull();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(
      expect.stringContaining(`<img src="${OWN}" alt="A red square">`),
    );
  });

  it('opens the dialog with a pasted image file, which is named after its type', async () => {
    setup({ images: images() });
    const file = new File([new Uint8Array(10)], 'image', { type: 'image/png' });
    fireEvent.paste(textbox(), {
      clipboardData: { files: [file], types: ['Files'], getData: () => '' },
    });
    await screen.findByRole('dialog', { name: 'Insert image' });
    expect(screen.getByText('image.png, 10 B')).toBeTruthy();
  });

  it('leaves a paste of text with a picture of it (an office suite’s) to the editor', () => {
    setup({ images: images() });
    fireEvent.paste(textbox(), {
      clipboardData: {
        files: [png()],
        types: ['text/plain', 'text/html', 'Files'],
        getData: (type: string) => (type === 'text/plain' ? 'Some text' : ''),
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('withImageExtension', () => {
  it('names an extensionless image after its type and leaves other names alone', () => {
    expect(withImageExtension(new File(['x'], '', { type: 'image/jpeg' })).name).toBe(
      'pasted-image.jpg',
    );
    expect(withImageExtension(new File(['x'], 'shot.PNG', { type: 'image/png' })).name).toBe(
      'shot.PNG',
    );
    expect(withImageExtension(new File(['x'], 'notes', { type: 'text/plain' })).name).toBe('notes');
  });
});
