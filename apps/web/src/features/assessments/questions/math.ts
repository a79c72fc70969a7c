import 'katex/dist/katex.min.css';
import renderMathInElement from 'katex/contrib/auto-render';

/**
 * Maths in question text (issue 16), typed as TeX between `\( … \)` (inline) or `\[ … \]` and
 * `$$ … $$` (on a line of its own) and rendered by KaTeX in the browser. The server stores the
 * TeX as the text it is (the sanitiser sees no markup in it); KaTeX, its styles and fonts are
 * bundled and served by Atrium itself. Loaded only by text that has maths in it.
 */
export function renderMath(element: HTMLElement): void {
  renderMathInElement(element, {
    delimiters: [
      { left: '$$', right: '$$', display: true },
      { left: '\\[', right: '\\]', display: true },
      { left: '\\(', right: '\\)', display: false },
    ],
    // A typo in the TeX shows the source in red instead of breaking the question.
    throwOnError: false,
    // Code keeps its dollars and backslashes.
    ignoredTags: ['script', 'noscript', 'style', 'textarea', 'pre', 'code', 'option'],
  });
}
