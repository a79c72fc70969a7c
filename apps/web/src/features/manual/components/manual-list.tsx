import type { TManualHit, TManualPageSummary } from '@atrium/contract';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/section-card.tsx';

export const manualPageUrl = (slug: string, anchor?: string | null) =>
  `/user-manual/${slug}${anchor ? `#${anchor}` : ''}`;

/** The pages of my role, each with its summary, in reading order. */
export function ManualList({ pages }: { pages: TManualPageSummary[] }) {
  if (pages.length === 0) {
    return (
      <Card>
        <EmptyState icon={<MenuBookOutlined />}>
          No manual pages are written for your role yet.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card>
      <List aria-label="Manual pages" disablePadding>
        {pages.map((page, index) => (
          <ListItemButton
            key={page.slug}
            component={RouterLink}
            to={manualPageUrl(page.slug)}
            divider={index < pages.length - 1}
            sx={{ py: 1.5 }}
          >
            <ListItemText
              primary={page.title}
              secondary={page.summary}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Card>
  );
}

/** Search hits: each opens its page at the section the words were found in. */
export function ManualSearchResults({ query, hits }: { query: string; hits: TManualHit[] }) {
  if (hits.length === 0) {
    return (
      <Card>
        <EmptyState icon={<MenuBookOutlined />}>
          {`Nothing in the manual matches “${query}”. Try fewer or other words.`}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card>
      <List aria-label={`Search results for ${query}`} disablePadding>
        {hits.map((hit, index) => (
          <ListItemButton
            key={hit.slug}
            component={RouterLink}
            to={manualPageUrl(hit.slug, hit.anchor)}
            divider={index < hits.length - 1}
            sx={{ py: 1.5 }}
          >
            <ListItemText
              primary={hit.title}
              secondary={hit.snippet}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Card>
  );
}
