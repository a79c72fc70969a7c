import { SanitisedHtml } from '../../../shared/ui/sanitised-html.tsx';

/** A post's text, set for reading at length. */
export function BlogBody({ html }: { html: string }) {
  return (
    <SanitisedHtml
      html={html}
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0 },
      }}
    />
  );
}
