import { SanitisedHtml } from '../../../../shared/ui/sanitised-html.tsx';

/** An announcement's text. */
export function AnnouncementBody({ html }: { html: string }) {
  return <SanitisedHtml html={html} />;
}
