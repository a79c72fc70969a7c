import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import type { Dataset } from '../datasets.ts';

/**
 * A dataset as a table: the accessible alternative of a chart, drawn from the same figures. Shown,
 * the container scrolls sideways on a phone instead of widening the page, and takes the focus so
 * that a keyboard can scroll it; the screen-reader copy under a chart (`hidden`) never scrolls.
 */
export function DatasetTable({ dataset, hidden = false }: { dataset: Dataset; hidden?: boolean }) {
  return (
    <TableContainer
      sx={{ maxWidth: '100%', overflowX: hidden ? 'visible' : 'auto' }}
      {...(hidden
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': `${dataset.caption}, scrollable` })}
    >
      <Table size="small">
        <Box component="caption" sx={visuallyHiddenSx}>
          {dataset.caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{dataset.rowHeader}</TableCell>
            {dataset.series.map((s) => (
              <TableCell key={s.key} scope="col" align="right">
                {s.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {dataset.rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {row.label}
              </TableCell>
              {dataset.series.map((s, i) => (
                <TableCell key={s.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {s.format(row.values[i] ?? null)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
