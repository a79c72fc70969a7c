import type { TLearningPath } from '@atrium/contract';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { formatDate, formatMinutes, isOverdue, learnerPathUrl, plural } from '../../path-labels.ts';
import { JoinButton } from '../join-button.tsx';
import { PathImage } from '../path-image.tsx';
import { ProgressLine } from '../progress-line.tsx';
import { ProgressStateChip } from '../state-chips.tsx';

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/**
 * A path in a grid: the picture and text open the learner's page; the caller's progress shows
 * when they are enrolled, and Join / Request to join when the server allows it.
 */
export function PathCard({ path }: { path: TLearningPath }) {
  const duration = formatMinutes(path.estimated_minutes);
  const mine = path.mine;
  const overdue = isOverdue(mine);
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={learnerPathUrl(path.id)}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative' }}>
          <PathImage src={path.image} title={path.title} />
          {mine && (
            <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
              <ProgressStateChip state={mine.state} overdue={overdue} />
            </Box>
          )}
        </Box>
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.4 }} noWrap>
            {path.category?.name ?? 'Learning path'}
          </Typography>
          <Typography
            variant="h3"
            sx={{
              fontSize: '1.05rem',
              fontWeight: 600,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {path.title}
          </Typography>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 'auto' }}>
            <Meta icon={<ViewModuleOutlined fontSize="small" />}>
              {plural(path.item_count, 'course')}
            </Meta>
            {duration && <Meta icon={<AccessTimeOutlined fontSize="small" />}>{duration}</Meta>}
            {path.rating !== null && (
              <Meta icon={<StarOutlined fontSize="small" sx={{ color: 'warning.main' }} />}>
                <VisuallyHidden>Rated </VisuallyHidden>
                {path.rating.toFixed(1)}
              </Meta>
            )}
          </Stack>
          {mine && mine.state !== 'requested' && (
            <Box>
              <ProgressLine
                percent={mine.progress_percent}
                completed={mine.state === 'completed'}
                label={`Progress in ${path.title}`}
              />
              {mine.due_at && mine.state !== 'completed' && (
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{
                    alignItems: 'center',
                    mt: 0.5,
                    color: overdue ? 'error.main' : 'text.secondary',
                  }}
                >
                  <EventOutlined sx={{ fontSize: 16 }} />
                  <Typography variant="caption">
                    {overdue ? 'Was due' : 'Due'} {formatDate(mine.due_at)}
                  </Typography>
                </Stack>
              )}
            </Box>
          )}
        </CardContent>
      </CardActionArea>
      {!mine && (path.abilities.enrol || path.abilities.request) && (
        <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
          <JoinButton path={path} />
        </CardActions>
      )}
    </Card>
  );
}
