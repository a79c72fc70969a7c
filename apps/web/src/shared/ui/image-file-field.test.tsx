import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ImageChoice, ImageFileField } from './image-file-field.tsx';

const rule = { allowed: ['png', 'jpg'], maxBytes: 1000 };
const preview = (src: string | null) => <div data-testid="preview">{src ?? 'none'}</div>;

function setup(value: ImageChoice, current: string | null = '/img/1.png') {
  const onChange = vi.fn();
  render(
    <ImageFileField
      rule={rule}
      current={current}
      value={value}
      onChange={onChange}
      inputLabel="Picture file"
      renderPreview={preview}
    />,
  );
  return onChange;
}

describe('ImageFileField', () => {
  it('takes an allowed file and refuses one of the wrong type or size, saying why', () => {
    const onChange = setup({ file: null, remove: false }, null);
    const input = screen.getByLabelText('Picture file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png')] } });
    expect(onChange).toHaveBeenLastCalledWith({ file: expect.any(File), remove: false });
    onChange.mockClear();
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.exe')] } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/png|jpg/i);
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(2000)], 'big.png')] } });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removes the stored image, and can keep it after all', () => {
    const onChange = setup({ file: null, remove: false });
    expect(screen.getByTestId('preview').textContent).toBe('/img/1.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onChange).toHaveBeenLastCalledWith({ file: null, remove: true });
  });

  it('while removing: no preview, a hint, and Keep current image undoes it', () => {
    const onChange = setup({ file: null, remove: true });
    expect(screen.getByTestId('preview').textContent).toBe('none');
    expect(screen.getByText('The image will be removed when you save.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep current image' }));
    expect(onChange).toHaveBeenLastCalledWith({ file: null, remove: false });
  });
});
