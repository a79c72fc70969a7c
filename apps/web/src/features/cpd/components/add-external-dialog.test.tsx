import { cpdOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { makeCategory, pendingExternal } from '../test-cpd.ts';
import { renderWithApp } from '../test-render.tsx';
import { AddExternalDialog, EVIDENCE_MISSING } from './add-external-dialog.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let add: (form: FormData) => Promise<unknown>;
const posted: { body: FormData; onProgress: unknown }[] = [];
beforeEach(() => {
  posted.length = 0;
  add = async () => pendingExternal();
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { body?: FormData; onProgress?: unknown } = {},
  ) => {
    if (op === cpdOps.categories)
      return [makeCategory(), makeCategory({ id: 4, name: 'Informal' })];
    if (op === cpdOps.addExternal) {
      posted.push({ body: args.body as FormData, onProgress: args.onProgress });
      return add(args.body as FormData);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = async (evidenceRequired = true) => {
  const onClose = vi.fn();
  renderWithApp(
    <AddExternalDialog open unit="points" evidenceRequired={evidenceRequired} onClose={onClose} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Add external CPD' });
  return { dialog, onClose };
};

const fill = async (dialog: HTMLElement) => {
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
    target: { value: 'First aid course' },
  });
  const category = within(dialog).getByRole('combobox', { name: 'Category' });
  // The categories arrive first: the select waits for them.
  await waitFor(() => expect(category.getAttribute('aria-disabled')).toBeNull());
  fireEvent.mouseDown(category);
  fireEvent.click(await screen.findByRole('option', { name: 'Informal' }));
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Value' }), {
    target: { value: '4' },
  });
  fireEvent.change(within(dialog).getByLabelText(/Completed on/), {
    target: { value: '2026-01-15' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reflection' }), {
    target: { value: 'Learnt CPR.' },
  });
};

const choose = (dialog: HTMLElement, file: File) =>
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [file] },
  });

describe('AddExternalDialog', () => {
  it('posts the entry as multipart with its evidence, the scheme’s unit preselected', async () => {
    const { dialog, onClose } = await open();
    expect(within(dialog).getByRole('combobox', { name: 'Unit' }).textContent).toBe('Points');
    await fill(dialog);
    choose(dialog, new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('certificate.pdf')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const form = posted[0]!.body;
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'evidence'))).toEqual({
      title: 'First aid course',
      category: '4',
      value: '4',
      unit: 'points',
      completed_at: '2026-01-15',
      reflection: 'Learnt CPR.',
    });
    expect((form.get('evidence') as File).name).toBe('certificate.pdf');
    expect(typeof posted[0]!.onProgress).toBe('function');
  });

  it('refuses evidence of another type before uploading', async () => {
    const { dialog } = await open();
    choose(dialog, new File(['MZ'], 'setup.exe'));
    expect(
      within(dialog).getByText('setup.exe is not a PDF, PNG, JPG, JPEG or DOCX file.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('setup.exe')).toBeNull();
  });

  it('checks the fields and the required evidence before sending', async () => {
    const { dialog } = await open();
    expect(within(dialog).getByText('Evidence (required)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the completion date.')).toBeTruthy();
    expect(within(dialog).getByText(EVIDENCE_MISSING)).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('asks for no evidence when the scheme makes it optional', async () => {
    const { dialog, onClose } = await open(false);
    expect(within(dialog).getByText('Evidence (optional, it helps the approver)')).toBeTruthy();
    await fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[0]!.body.get('evidence')).toBeNull();
    expect(within(dialog).queryByText(EVIDENCE_MISSING)).toBeNull();
  });

  it('shows the server’s refusal of missing evidence under the file', async () => {
    add = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input. Please correct the fields listed.',
        hasServerMessage: true,
        fieldErrors: { evidence: [EVIDENCE_MISSING] },
      });
    };
    // The scheme changed since the page was loaded: the server still asks for evidence.
    const { dialog, onClose } = await open(false);
    await fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText(EVIDENCE_MISSING)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors of a 400 on the fields', async () => {
    add = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input. Please correct the fields listed.',
        hasServerMessage: true,
        fieldErrors: {
          completed_at: ['The completion may not be in the future.'],
          evidence: ['The file’s content is not a PDF.'],
        },
      });
    };
    const { dialog, onClose } = await open();
    await fill(dialog);
    choose(dialog, new File(['not a pdf'], 'fake.pdf'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(
      await within(dialog).findByText('The completion may not be in the future.'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Completed on/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).getByText('The file’s content is not a PDF.')).toBeTruthy();
    expect(
      within(dialog).getByText('Invalid input. Please correct the fields listed.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
