import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCompetencyProfile } from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS, SOURCE_LABELS } from '../labels.ts';
import { EvidenceDialog } from './evidence-dialog.tsx';
import type { Person } from './person-field.tsx';

type Entry = NonNullable<ReturnType<typeof useCompetencyProfile>['data']>['results'][number];

/**
 * A person's competencies (the caller's by default, or `person`'s for admins and trainers):
 * proficiency, expectation, evidence. When the server says the caller may add evidence for them,
 * each competency offers "Record evidence".
 */
export function ProfilePanel({ person }: { person?: Person }) {
  const profile = useCompetencyProfile(person?.id);
  // The entry stays while the dialog closes, so its fields keep their options.
  const [recording, setRecording] = useState<{ open: boolean; entry: Entry | null }>({
    open: false,
    entry: null,
  });
  if (profile.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error)}</Alert>;
  const results = profile.data?.results ?? [];
  const canRecord = profile.data?.abilities.add_evidence ?? false;
  if (results.length === 0)
    return (
      <SectionCard title={person ? `Competencies of ${person.title}` : 'My competencies'}>
        <EmptyState icon={<PsychologyOutlined />}>
          {person
            ? 'No evidence nor expectations yet. Record evidence from a competency of the Frameworks tab.'
            : 'No competencies yet. Finishing linked courses, assessments and classroom topics adds evidence here.'}
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
            action={
              canRecord && (
                <Button
                  size="small"
                  onClick={() => setRecording({ open: true, entry: r })}
                  aria-label={`Record evidence for ${r.competency.code}`}
                >
                  Record evidence
                </Button>
              )
            }
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
      {person && (
        <EvidenceDialog
          open={recording.open}
          framework={{
            competencies: recording.entry ? [recording.entry.competency] : [],
            scale: recording.entry?.scale ?? [],
          }}
          competencyId={recording.entry?.competency.id ?? null}
          person={person}
          onClose={() => setRecording((r) => ({ ...r, open: false }))}
        />
      )}
    </Stack>
  );
}
