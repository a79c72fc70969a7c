import Box from '@mui/material/Box';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function When({ iso }: { iso: string }) {
  const exact = new Date(iso).toLocaleString();
  return (
    <Box component="time" dateTime={iso} title={exact}>
      {formatRelativeTime(iso)}
    </Box>
  );
}
