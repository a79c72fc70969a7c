import RouteOutlined from '@mui/icons-material/RouteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useLearningPaths } from '../../api/paths.api.ts';
import { formatDate, isOverdue, learnerPathUrl, PATH_MESSAGES } from '../../path-labels.ts';
import { ProgressLine } from '../progress-line.tsx';

const SHOWN = 5;

/**
 * The learner dashboard's "My learning": the paths they are enrolled in with progress and due
 * date (overdue ones in the error colour), each one click from its page.
 */
export function MyLearningPathsCard() {
  const list = useLearningPaths({ scope: 'mine', page: 1, page_size: SHOWN });
  const paths = list.data?.results;
  return (
    <SectionCard
      title="My learning"
      subtitle="Your learning paths and what is due next."
      busy={list.isPending}
      action={
        <Button component={RouterLink} to="/learning-path?tab=mine" size="small">
          All paths
        </Button>
      }
    >
      {list.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={48} />)
      ) : list.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(list.error, PATH_MESSAGES.listFailed)}
        </Typography>
      ) : !paths || paths.length === 0 ? (
        <EmptyState icon={<RouteOutlined />}>
          You are not enrolled in a learning path yet.{' '}
          <Link component={RouterLink} to="/learning-path">
            Browse learning paths
          </Link>
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {paths.map((path) => {
            const mine = path.mine;
            const overdue = isOverdue(mine);
            return (
              <Box component="li" key={path.id}>
                <Link
                  component={RouterLink}
                  to={learnerPathUrl(path.id)}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {path.title}
                </Link>
                {mine && mine.state !== 'requested' ? (
                  <>
                    <ProgressLine
                      percent={mine.progress_percent}
                      completed={mine.state === 'completed'}
                      label={`Progress in ${path.title}`}
                    />
                    <Typography
                      variant="caption"
                      sx={{ color: overdue ? 'error.main' : 'text.secondary' }}
                    >
                      {mine.state === 'completed'
                        ? `Completed ${formatDate(mine.completed_at)}`
                        : mine.due_at
                          ? `${overdue ? 'Overdue, was due' : 'Due'} ${formatDate(mine.due_at)}`
                          : 'No due date'}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    Request waiting for a decision
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
