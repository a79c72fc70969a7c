import type { TCompetencyFrameworkDetail } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  useCreateThreshold,
  useDepartments,
  useRemoveThreshold,
  useThresholds,
} from '../api/competencies.api.ts';
import { levelLabel } from '../labels.ts';
import { ThresholdLevelField } from './threshold-level-field.tsx';

const EVERYONE = '';

/**
 * The level expected per competency, of everyone or of one department; admins add, change the
 * level in place, and delete.
 */
export function ThresholdsSection({ framework }: { framework: TCompetencyFrameworkDetail }) {
  const { user } = useSession();
  const manage = framework.abilities.edit;
  const thresholds = useThresholds(framework.id);
  const departments = useDepartments(manage ? (user?.membership?.organization.id ?? 0) : 0);
  const create = useCreateThreshold();
  const remove = useRemoveThreshold();
  const [competency, setCompetency] = useState('');
  const [department, setDepartment] = useState(EVERYONE);
  const [level, setLevel] = useState('');

  const names = new Map(framework.competencies.map((c) => [c.id, `${c.code} — ${c.name}`]));
  const deptNames = new Map((departments.data ?? []).map((d) => [d.id, d.name]));
  const forLabel = (departmentId: number | null) =>
    departmentId === null
      ? 'Everyone'
      : (deptNames.get(departmentId) ?? `Department ${departmentId}`);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    try {
      await create.mutateAsync({
        competency_id: Number(competency),
        department_id: department === EVERYONE ? null : Number(department),
        designation_id: null,
        level: Number(level),
      });
      notifySuccess('Threshold added.');
      setLevel('');
    } catch (err) {
      notifyError(errorMessage(err));
    }
  }

  return (
    <SectionCard
      title="Thresholds"
      subtitle="The level expected; a department’s threshold comes before everyone’s."
      busy={thresholds.isLoading}
    >
      {thresholds.isLoading && <Skeleton variant="rounded" height={80} />}
      {thresholds.isError && <Alert severity="error">{errorMessage(thresholds.error)}</Alert>}
      {thresholds.data && thresholds.data.results.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No thresholds yet.
        </Typography>
      )}
      {thresholds.data && thresholds.data.results.length > 0 && (
        // Scrolls sideways on a phone rather than pushing the level fields off the card.
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small" aria-label="Thresholds">
            <TableHead>
              <TableRow>
                <TableCell>Competency</TableCell>
                <TableCell>For</TableCell>
                <TableCell>Level</TableCell>
                {manage && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {thresholds.data.results.map((t) => (
                <TableRow key={t.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {names.get(t.competency_id)}
                  </TableCell>
                  <TableCell>{forLabel(t.department_id)}</TableCell>
                  <TableCell>
                    {manage ? (
                      <ThresholdLevelField
                        threshold={t}
                        scale={framework.scale}
                        label={`Level expected of ${forLabel(t.department_id)} in ${names.get(t.competency_id)}`}
                      />
                    ) : (
                      levelLabel(framework.scale, t.level)
                    )}
                  </TableCell>
                  {manage && (
                    <TableCell align="right">
                      <IconButton
                        aria-label={`Delete threshold of ${names.get(t.competency_id)}`}
                        onClick={() =>
                          remove.mutate(t.id, {
                            onError: (err) => notifyError(errorMessage(err)),
                          })
                        }
                      >
                        <DeleteOutlined />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {manage && framework.competencies.length > 0 && (
        <Stack
          component="form"
          onSubmit={add}
          aria-label="Add threshold"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
        >
          <TextField
            select
            size="small"
            label="Competency"
            value={competency}
            onChange={(e) => setCompetency(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            {framework.competencies.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.code} — {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="For"
            value={department}
            onChange={(e) => setDepartment(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value={EVERYONE}>Everyone</MenuItem>
            {(departments.data ?? []).map((d) => (
              <MenuItem key={d.id} value={String(d.id)}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Level"
            value={level}
            onChange={(e) => setLevel(e.target.value)}
            sx={{ minWidth: 140 }}
          >
            {framework.scale.map((l) => (
              <MenuItem key={l.level} value={String(l.level)}>
                {levelLabel(framework.scale, l.level)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="outlined"
            disabled={!competency || !level || create.isPending}
          >
            Add threshold
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
