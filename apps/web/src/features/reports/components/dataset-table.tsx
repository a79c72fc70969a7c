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
 * A dataset as a table: the accessible alternative of a chart, drawn from the same figures. The
 * container scrolls sideways on a phone instead of widening the page.
 */
export function DatasetTable({ dataset }: { dataset: Dataset }) {
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
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
