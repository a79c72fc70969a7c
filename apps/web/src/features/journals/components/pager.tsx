import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Previous / next under a card's list; follows the server's links, so capped counts work too. */
export function Pager({
  page,
  hasPrevious,
  hasNext,
  label,
  onPage,
}: {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** What the list is, for screen readers ("goals", "journal entries"). */
  label: string;
  onPage: (page: number) => void;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <Stack
      component="nav"
      aria-label={`Pages of ${label}`}
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', pt: 1 }}
    >
      <Button size="small" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Page {page}
      </Typography>
      <Button size="small" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Stack>
  );
}
