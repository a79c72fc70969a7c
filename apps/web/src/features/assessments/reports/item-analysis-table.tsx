import type { TItemAnalysis } from '@atrium/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { typeLabel } from '../authoring/labels.ts';
import { discriminationHint, facilityHint } from './report-labels.ts';

/** How often each option was chosen, as small bars (the right ones in the success colour). */
function OptionBars({ options }: { options: TItemAnalysis['options'] }) {
  const total = options.reduce((n, o) => n + o.count, 0);
  if (options.length === 0) return <>—</>;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      {options.map((o) => {
        const share = total > 0 ? o.count / total : 0;
        return (
          <Stack key={o.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="caption" noWrap sx={{ width: 90, flexShrink: 0 }} title={o.label}>
              {o.correct ? '✓ ' : ''}
              {o.label}
            </Typography>
            <Box
              sx={{
                flex: 1,
                height: 8,
                bgcolor: 'action.hover',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <Box
                sx={{
                  width: `${Math.round(share * 100)}%`,
                  height: '100%',
                  bgcolor: o.correct ? 'success.main' : 'text.disabled',
                }}
              />
            </Box>
            <Typography variant="caption" sx={{ width: 28, textAlign: 'right' }}>
              {o.count}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Per question: responses, facility, discrimination (with what the figure suggests), options. */
export function ItemAnalysisTable({ items }: { items: TItemAnalysis[] }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No graded answers yet.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Item analysis" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Question</TableCell>
            <TableCell align="right">Responses</TableCell>
            <TableCell>Facility</TableCell>
            <TableCell>Discrimination</TableCell>
            <TableCell>Options chosen</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const f = facilityHint(item.facility);
            const d = discriminationHint(item.discrimination);
            return (
              <TableRow key={`${item.question.id}-${item.version}`}>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.question.title}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {typeLabel(item.question.type)} · v{item.version}
                  </Typography>
                </TableCell>
                <TableCell align="right">{item.responses}</TableCell>
                <TableCell>
                  {item.facility === null ? '—' : item.facility.toFixed(2)}{' '}
                  {item.facility !== null && (
                    <Chip size="small" variant="outlined" color={f.colour} label={f.label} />
                  )}
                </TableCell>
                <TableCell>
                  {item.discrimination === null ? '' : `${item.discrimination.toFixed(2)} `}
                  <Chip size="small" variant="outlined" color={d.colour} label={d.label} />
                </TableCell>
                <TableCell>
                  <OptionBars options={item.options} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
