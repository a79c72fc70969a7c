import { describe, expect, it } from 'vitest';
import { emptyPathForm, pathFormData, pathToForm } from './path-form.ts';
import { makePath } from './test-paths.ts';

const none = { file: null, remove: false };

describe('path form', () => {
  it('edits the stored rich text as it is and sends it back unchanged', () => {
    const path = makePath({ description: '<p>Start <strong>here</strong>.</p>' });
    const values = pathToForm(path);
    expect(values.description).toBe('<p>Start <strong>here</strong>.</p>');
    const result = pathFormData(values, none, 'update');
    if (!('form' in result)) throw new Error('expected a form');
    expect(result.form.get('description')).toBe('<p>Start <strong>here</strong>.</p>');
  });

  it('checks the values with the contract before anything is sent', () => {
    const result = pathFormData(
      { ...emptyPathForm(), title: ' ', due_mode: 'fixed' },
      none,
      'create',
    );
    expect('problems' in result && result.problems).toMatchObject({
      title: expect.any(String),
      due_day: 'Choose the due date.',
    });
  });

  it('sends only the due rule’s own value, and the image last', () => {
    const image = new File(['x'], 'path.png', { type: 'image/png' });
    const result = pathFormData(
      {
        ...emptyPathForm(),
        title: 'Onboarding',
        due_mode: 'relative',
        due_days: '30',
        due_day: '2030-01-01',
      },
      { file: image, remove: false },
      'create',
    );
    if (!('form' in result)) throw new Error('expected a form');
    const entries = [...result.form.entries()];
    expect(result.form.get('due_days')).toBe('30');
    expect(result.form.get('due_at')).toBe('');
    expect(entries.at(-1)?.[0]).toBe('image');
  });
});
