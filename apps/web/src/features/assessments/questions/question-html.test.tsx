import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionHtml } from './question-html.tsx';

describe('QuestionHtml', () => {
  it('renders the TeX between \\( \\) and \\[ \\] as maths, leaving the rest of the text', async () => {
    const { container } = render(
      <QuestionHtml html="<p>Solve \(x^2 = 4\) for x.</p><p>\[\frac{a}{b}\]</p>" />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('.katex-display')).not.toBeNull();
    // KaTeX keeps the source for assistive technology and copying.
    expect(container.querySelector('annotation')?.textContent).toBe('x^2 = 4');
    expect(container.textContent).toContain('Solve');
    expect(container.textContent).toContain('for x.');
  });

  it('shows a TeX mistake as its source instead of breaking the question', async () => {
    const { container } = render(<QuestionHtml html="<p>Broken \(\frac{1}\) here</p>" />);
    await waitFor(() => expect(container.querySelector('.katex-error')).not.toBeNull());
    expect(screen.getByText(/here/)).toBeTruthy();
  });

  it('leaves prices and code as written', async () => {
    const { container } = render(
      <QuestionHtml html="<p>\(y\)</p><p>Costs $5 and $6.</p><pre><code>$$ not maths $$</code></pre>" />,
    );
    // Once KaTeX has run (the one expression rendered), the rest is untouched.
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(1));
    expect(container.textContent).toContain('Costs $5 and $6.');
    expect(container.querySelector('code')?.textContent).toBe('$$ not maths $$');
  });
});
