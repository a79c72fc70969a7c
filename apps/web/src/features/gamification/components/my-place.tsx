import type { TLeaderboard } from '@atrium/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatPoints, leaderboardUrl } from '../labels.ts';
import { LevelChip } from './level-chip.tsx';

/** The caller's own place on the board shown, pinned above the list wherever they rank. */
export function MyPlace({
  me,
  userId,
  monthly,
}: {
  me: TLeaderboard['me'];
  userId: number;
  monthly: boolean;
}) {
  return (
    <Card component="section" aria-label="Your place" sx={{ mb: 2 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
            <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
              You
            </Typography>
            <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
              {me.rank === null ? 'Not ranked yet' : `Rank ${me.rank}`}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {me.rank === null
                ? monthly
                  ? 'No points this month yet: complete a lesson or a course to join in.'
                  : 'No points yet: complete a lesson or a course to join in.'
                : `${formatPoints(me.points)}${monthly ? ' this month' : ''}`}
            </Typography>
          </Stack>
          <LevelChip level={me.level} size="medium" />
          <Button component={RouterLink} to={leaderboardUrl(userId)} variant="outlined">
            My points
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
