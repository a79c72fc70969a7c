import Box from '@mui/material/Box';
import { kindTone } from '../calendar-model.ts';

/** The small dot in a kind's colour (the same as its items on the calendar). */
export function KindSwatch({ kind, kinds }: { kind: string; kinds: readonly string[] }) {
  const { tone, outlined } = kindTone(kind, kinds);
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: '50%',
        border: 2,
        borderColor: `${tone}.main`,
        bgcolor: outlined ? 'transparent' : `${tone}.main`,
      }}
    />
  );
}
