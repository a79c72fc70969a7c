import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../time.ts';

/** A report's date and time as two short lines, so the table stays narrow (a dash when unset). */
export function WhenCell({ iso }: { iso: string | null }) {
  const date = iso ? new Date(iso) : null;
  const valid = date !== null && !Number.isNaN(date.getTime());
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      {valid ? formatDate(iso) : '—'}
      {valid && (
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        </Typography>
      )}
    </TableCell>
  );
}
