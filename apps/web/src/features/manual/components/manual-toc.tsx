import type { TManualHeading } from '@atrium/contract';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The page's headings as in-page links (`#anchor`), indented by level. */
export function ManualToc({ headings, current }: { headings: TManualHeading[]; current: string }) {
  return (
    <nav aria-labelledby="manual-toc-title">
      <Typography id="manual-toc-title" variant="overline" component="h2" sx={{ display: 'block' }}>
        On this page
      </Typography>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {headings.map((heading) => (
          <li key={heading.id} style={{ paddingLeft: `${(heading.level - 2) * 12}px` }}>
            <Link
              component={RouterLink}
              to={{ hash: heading.id }}
              replace
              underline="hover"
              aria-current={current === heading.id ? 'location' : undefined}
              sx={{
                display: 'block',
                py: 0.5,
                fontSize: '0.9rem',
                // The current section: bold text and a bar in the theme colour, whose own
                // contrast on the card is not assured (an organisation picks it).
                color: current === heading.id ? 'text.primary' : 'text.secondary',
                fontWeight: current === heading.id ? 600 : 400,
                borderLeft: 3,
                borderColor: current === heading.id ? 'primary.main' : 'transparent',
                pl: 1,
              }}
            >
              {heading.text}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
