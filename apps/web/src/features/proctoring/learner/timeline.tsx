import type { ZTimelineEntry } from '@atrium/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { formatTime, TIMELINE_KIND } from '../labels.tsx';
import { flagAnchor } from './flag-list.tsx';

type Entry = z.infer<typeof ZTimelineEntry>;

/** Focuses a flag in the list above: the timeline is the index, the flags list the detail. */
function showFlag(flag: number) {
  const item = document.getElementById(flagAnchor(flag));
  item?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  item?.focus({ preventScroll: true });
}

/** The attempt as it happened: start, identity, flags, gaps, messages, decisions, end. */
export function Timeline({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Nothing has happened yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Timeline">
      {entries.map((entry, index) => {
        const kind = TIMELINE_KIND[entry.kind];
        const Icon = kind.icon;
        const last = index === entries.length - 1;
        return (
          <Stack
            component="li"
            key={`${entry.at}-${entry.kind}-${entry.flag}-${entry.text}`}
            direction="row"
            spacing={1.5}
            sx={{ position: 'relative', pb: last ? 0 : 2 }}
          >
            <Box
              sx={{
                width: 32,
                height: 32,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                bgcolor:
                  entry.kind === 'flag' || entry.kind === 'lost'
                    ? 'warning.main'
                    : 'action.selected',
                color:
                  entry.kind === 'flag' || entry.kind === 'lost'
                    ? 'warning.contrastText'
                    : 'text.primary',
                // The line joining one moment to the next.
                '&::after': last
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      left: 15,
                      top: 34,
                      bottom: 2,
                      borderLeft: 2,
                      borderColor: 'divider',
                    },
              }}
            >
              <Icon fontSize="small" aria-hidden />
            </Box>
            <Box sx={{ minWidth: 0, pt: 0.5 }}>
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {kind.label}
                </Box>
                {entry.text && ` · ${entry.text}`}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                {entry.flag !== null && (
                  <>
                    {' · '}
                    <Link
                      component="button"
                      type="button"
                      variant="caption"
                      onClick={() => showFlag(entry.flag!)}
                    >
                      Show the flag
                    </Link>
                  </>
                )}
              </Typography>
            </Box>
          </Stack>
        );
      })}
    </Box>
  );
}
