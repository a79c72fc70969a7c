import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { WallFilter } from '../../api/wall-cache.ts';

/** All posts or the ones mentioning me; the hashtag filter as a chip that clears it. */
export function FeedFilters({
  filter,
  onChange,
}: {
  filter: WallFilter;
  onChange: (next: WallFilter) => void;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Which posts"
        value={filter.mentions_me ? 'mentions' : 'all'}
        onChange={(_event, value: string | null) => {
          if (value) onChange({ ...filter, mentions_me: value === 'mentions' || undefined });
        }}
      >
        <ToggleButton value="all">All posts</ToggleButton>
        <ToggleButton value="mentions">Mentions of me</ToggleButton>
      </ToggleButtonGroup>
      {filter.hashtag && (
        <Button
          variant="outlined"
          size="small"
          color="inherit"
          endIcon={<Close />}
          onClick={() => onChange({ ...filter, hashtag: undefined })}
          aria-label={`Clear the filter #${filter.hashtag}`}
          sx={{ textTransform: 'none', borderRadius: 4 }}
        >
          #{filter.hashtag}
        </Button>
      )}
    </Stack>
  );
}
