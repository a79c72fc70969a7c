// katex ships no types for its auto-render extension: the part of its options used here.
declare module 'katex/contrib/auto-render' {
  export default function renderMathInElement(
    element: HTMLElement,
    options?: {
      delimiters?: { left: string; right: string; display: boolean }[];
      throwOnError?: boolean;
      ignoredTags?: string[];
    },
  ): void;
}
