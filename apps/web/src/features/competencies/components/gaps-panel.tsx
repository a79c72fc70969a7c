import type { TCompetencyGaps } from '@atrium/contract';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useFrameworks, useGaps } from '../api/competencies.api.ts';
import { chosen, FrameworkPicker } from './framework-picker.tsx';

/** The legend's bands: share of a department below the threshold. */
export const GAP_BANDS = [
  { upTo: 0, label: 'None below' },
  { upTo: 0.25, label: 'Up to 25%' },
  { upTo: 0.5, label: 'Up to 50%' },
  { upTo: 0.75, label: 'Up to 75%' },
  { upTo: 1, label: 'Over 75%' },
] as const;

export const bandOf = (share: number) => GAP_BANDS.findIndex((b) => share <= b.upTo);

/** Rows: departments with people under some threshold; columns: thresholded competencies. */
export function gapGrid(gaps: TCompetencyGaps) {
  const cells = new Map(gaps.cells.map((c) => [`${c.department_id}:${c.competency_id}`, c]));
  const departments = gaps.departments.filter((d) =>
    gaps.cells.some((c) => c.department_id === d.id),
  );
  return { departments, cell: (d: number, c: number) => cells.get(`${d}:${c}`) };
}

/**
 * Gaps per department (admins): a heat map built as a table, so that screen readers read it
 * as one (each cell says its numbers); the colour only repeats them, with a legend.
 */
export function GapsPanel() {
  const theme = useTheme();
  const frameworks = useFrameworks();
  const [picked, setPicked] = useState<number | null>(null);
  const id = chosen(frameworks.data?.results, picked);
  const gaps = useGaps(id);
  const colour = (band: number) =>
    band <= 0
      ? alpha(theme.palette.success.main, 0.15)
      : alpha(theme.palette.error.main, 0.15 + band * 0.18);

  if (frameworks.isLoading) return <Skeleton variant="rounded" height={160} />;
  if (frameworks.isError) return <Alert severity="error">{errorMessage(frameworks.error)}</Alert>;
  const list = frameworks.data?.results ?? [];
  if (list.length === 0)
    return (
      <SectionCard title="Gaps">
        <EmptyState icon={<GridOnOutlined />}>No frameworks yet.</EmptyState>
      </SectionCard>
    );
  const grid = gaps.data ? gapGrid(gaps.data) : null;
  return (
    <Stack spacing={2.5}>
      <FrameworkPicker frameworks={list} value={id} onChange={setPicked} />
      <SectionCard
        title="Gaps per department"
        subtitle="Share of each department’s people below the expected level."
        busy={gaps.isLoading}
      >
        {gaps.isLoading && <Skeleton variant="rounded" height={120} />}
        {gaps.isError && <Alert severity="error">{errorMessage(gaps.error)}</Alert>}
        {grid &&
          gaps.data &&
          (grid.departments.length === 0 || gaps.data.competencies.length === 0) && (
            <EmptyState icon={<GridOnOutlined />}>
              Nothing to compare yet: set thresholds, and place people in departments.
            </EmptyState>
          )}
        {grid && gaps.data && grid.departments.length > 0 && gaps.data.competencies.length > 0 && (
          <>
            <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Table size="small" aria-label="Gaps per department and competency">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      Department
                    </TableCell>
                    {gaps.data.competencies.map((c) => (
                      <TableCell
                        key={c.id}
                        component="th"
                        scope="col"
                        align="center"
                        title={c.name}
                      >
                        {c.code}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {grid.departments.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        {d.name}
                      </TableCell>
                      {gaps.data!.competencies.map((c) => {
                        const cell = grid.cell(d.id, c.id);
                        if (!cell)
                          return (
                            <TableCell key={c.id} align="center">
                              —
                            </TableCell>
                          );
                        const share = cell.people > 0 ? cell.below / cell.people : 0;
                        return (
                          <TableCell
                            key={c.id}
                            align="center"
                            sx={{ bgcolor: colour(bandOf(share)), whiteSpace: 'nowrap' }}
                          >
                            {Math.round(share * 100)}%
                            <Typography
                              component="span"
                              variant="caption"
                              sx={{ display: 'block' }}
                            >
                              {cell.below} of {cell.people}
                            </Typography>
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack
              direction="row"
              component="ul"
              aria-label="Legend"
              sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, mt: 2, mb: 0 }}
            >
              {GAP_BANDS.map((b, i) => (
                <Stack
                  key={b.label}
                  component="li"
                  direction="row"
                  spacing={0.75}
                  sx={{ alignItems: 'center' }}
                >
                  <Box
                    aria-hidden
                    sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: colour(i) }}
                  />
                  <Typography variant="caption">{b.label}</Typography>
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </SectionCard>
    </Stack>
  );
}
