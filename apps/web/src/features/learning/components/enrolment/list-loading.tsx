import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A list's first load, inside its card (the page loader would fill the screen). */
export function ListLoading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
