import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Placeholder while a page's code or data loads. */
export function PageLoader({ label = 'Loading page' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', width: '100%' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
