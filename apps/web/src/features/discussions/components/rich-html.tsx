import { SanitisedHtml } from '../../../shared/ui/sanitised-html.tsx';

/** A topic's or an answer's text. */
export function RichHtml({ html }: { html: string }) {
  return <SanitisedHtml html={html} />;
}
