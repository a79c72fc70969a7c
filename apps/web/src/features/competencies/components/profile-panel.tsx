import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCompetencyProfile } from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS, SOURCE_LABELS } from '../labels.ts';

/** A person's competencies (the caller's by default): proficiency, expectation, evidence. */
export function ProfilePanel({ userId }: { userId?: number }) {
  const profile = useCompetencyProfile(userId);
  if (profile.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error)}</Alert>;
  const results = profile.data?.results ?? [];
  if (results.length === 0)
    return (
      <SectionCard title="My competencies">
        <EmptyState icon={<PsychologyOutlined />}>
          No competencies yet. Finishing linked courses, assessments and classroom topics adds
          evidence here.
        </EmptyState>
      </SectionCard>
    );
  return (
    <Stack spacing={2}>
      {results.map((r) => {
        const top = r.scale.length;
        const below = r.expected !== null && (r.proficiency ?? 0) < r.expected;
        return (
          <SectionCard
            key={r.competency.id}
            title={`${r.competency.code} — ${r.competency.name}`}
            subtitle={r.framework_name}
          >
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
              <Chip
                size="small"
                color={below ? 'warning' : r.proficiency !== null ? 'success' : 'default'}
                label={`Proficiency: ${levelLabel(r.scale, r.proficiency)}`}
              />
              {r.expected !== null && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={`Expected: ${levelLabel(r.scale, r.expected)}`}
                />
              )}
            </Stack>
            <LinearProgress
              variant="determinate"
              value={top > 0 ? ((r.proficiency ?? 0) / top) * 100 : 0}
              aria-label={`Proficiency in ${r.competency.code}`}
              sx={{ mb: 1.5 }}
            />
            {r.evidence.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No evidence yet.
              </Typography>
            ) : (
              <List dense aria-label={`Evidence for ${r.competency.code}`}>
                {r.evidence.map((e) => (
                  <ListItem key={e.id} disableGutters>
                    <ListItemText
                      primary={`${SOURCE_LABELS[e.source] ?? e.source} · ${OUTCOME_LABELS[e.outcome]} · ${levelLabel(r.scale, e.level)}`}
                      secondary={[new Date(e.created_at).toLocaleDateString(), e.note]
                        .filter(Boolean)
                        .join(' — ')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </SectionCard>
        );
      })}
    </Stack>
  );
}
