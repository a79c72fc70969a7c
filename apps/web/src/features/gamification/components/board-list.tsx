import type { TLeaderboardEntry } from '@atrium/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatPoints, leaderboardUrl } from '../labels.ts';
import { LevelChip } from './level-chip.tsx';

const MEDAL = ['#d4a017', '#9e9e9e', '#b87333'];

/**
 * The ranked people of a board page. A name links to the person's points where the caller may
 * read them (their own; everyone's for admins); an anonymous learner has neither name nor link.
 */
export function BoardList({
  entries,
  canOpen,
}: {
  entries: TLeaderboardEntry[];
  canOpen: (entry: TLeaderboardEntry) => boolean;
}) {
  return (
    <List aria-label="Ranking" disablePadding>
      {entries.map((entry, i) => {
        const id = entry.person.id;
        const name =
          id !== null && canOpen(entry) ? (
            <Link component={RouterLink} to={leaderboardUrl(id)} underline="hover" color="inherit">
              {entry.person.fullname}
            </Link>
          ) : (
            entry.person.fullname
          );
        return (
          <ListItem
            key={id ?? `anonymous-${i}`}
            divider={i < entries.length - 1}
            sx={{
              px: { xs: 1, sm: 2 },
              py: 1.25,
              gap: { xs: 1, sm: 2 },
              bgcolor: entry.is_me ? 'action.selected' : undefined,
              borderRadius: entry.is_me ? 1 : 0,
            }}
          >
            <Box
              aria-label={`Rank ${entry.rank}`}
              sx={{
                width: 36,
                flexShrink: 0,
                textAlign: 'center',
                fontWeight: 700,
                fontSize: entry.rank <= 3 ? '1.15rem' : '1rem',
                color: entry.rank <= 3 ? MEDAL[entry.rank - 1] : 'text.secondary',
              }}
            >
              {entry.rank}
            </Box>
            <Avatar src={entry.person.avatar ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
              {entry.person.anonymous ? '?' : entry.person.fullname.charAt(0)}
            </Avatar>
            <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <Typography
                  component="span"
                  sx={{
                    fontWeight: 600,
                    // A phone wraps the name rather than cutting it to a few letters.
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: { xs: 'normal', sm: 'nowrap' },
                    overflowWrap: 'anywhere',
                    fontStyle: entry.person.anonymous ? 'italic' : undefined,
                  }}
                >
                  {name}
                </Typography>
              </Stack>
              {/* "You" beside the level, not the name: on a phone the name needs the width. */}
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <LevelChip level={entry.level} />
                {entry.is_me && <Chip size="small" label="You" color="primary" />}
              </Stack>
            </Stack>
            <Typography
              sx={{
                fontWeight: 700,
                whiteSpace: 'nowrap',
                fontSize: { xs: '0.875rem', sm: '1rem' },
              }}
            >
              {formatPoints(entry.points)}
            </Typography>
          </ListItem>
        );
      })}
    </List>
  );
}
