import type { TPointEntry } from '@atrium/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { RULE_LABEL } from '../labels.ts';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A person's awards, newest first: when, for what, and how many points. */
export function LedgerTable({ entries }: { entries: TPointEntry[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Points history" sx={{ minWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>For</TableCell>
            <TableCell align="right">Points</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(e.created_at)}</TableCell>
              <TableCell component="th" scope="row">
                {RULE_LABEL[e.rule]}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                +{e.points.toLocaleString()}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
