import type { TAssessmentStatus, TAssessmentSummary, TProctoringSettings } from '@atrium/contract';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { MODE } from '../labels.tsx';
import { proctorGridUrl, settingsUrl } from '../urls.ts';

export const STATUS_WORD: Record<TAssessmentStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** One assessment of the proctoring list: is it proctored, how, and the way to its grid. */
export function AssessmentRow({
  assessment: a,
  settings,
}: {
  assessment: TAssessmentSummary;
  settings: UseQueryResult<TProctoringSettings> | undefined;
}) {
  const s = settings?.data;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {a.title}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Chip size="small" variant="outlined" label={STATUS_WORD[a.status]} />
            {!settings || settings.isPending ? (
              <Skeleton width={120} aria-label="Checking proctoring" />
            ) : settings.isError ? (
              <Typography variant="body2" color="error">
                Proctoring could not be checked.
              </Typography>
            ) : s?.proctored ? (
              <Chip
                size="small"
                color="primary"
                icon={<VideocamOutlined aria-hidden />}
                label={`Proctored · ${MODE[s.mode].label}`}
              />
            ) : (
              <Chip
                size="small"
                variant="outlined"
                icon={<VideocamOffOutlined aria-hidden />}
                label="Not proctored"
              />
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {a.course ? a.course.title : 'Standalone'} · {a.submitted_count} submitted
            </Typography>
          </Stack>
        </Stack>
        {s?.proctored ? (
          <Button
            component={RouterLink}
            to={proctorGridUrl(a.id)}
            variant="contained"
            startIcon={<VideocamOutlined />}
            aria-label={`Open the live grid: ${a.title}`}
          >
            Open the live grid
          </Button>
        ) : (
          s &&
          a.abilities.edit && (
            <Button
              component={RouterLink}
              to={settingsUrl(a.id)}
              variant="outlined"
              startIcon={<SettingsOutlined />}
              aria-label={`Set up proctoring: ${a.title}`}
            >
              Set up proctoring
            </Button>
          )
        )}
      </Stack>
    </Card>
  );
}
