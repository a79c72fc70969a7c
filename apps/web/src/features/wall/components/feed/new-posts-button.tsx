import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useFeedHead } from '../../api/wall.api.ts';
import { type WallFilter, wallKeys } from '../../api/wall-cache.ts';

/**
 * Shown when the server's newest post is newer than the one at the top of the feed: pressing it
 * reloads the feed from the top (the reader chose to leave their place, nothing moved on its own).
 */
export function NewPostsButton({
  filter,
  shownHead,
}: {
  filter: WallFilter;
  shownHead: number | null;
}) {
  const queryClient = useQueryClient();
  const head = useFeedHead(filter, shownHead);
  const newer = head.data != null && (shownHead === null || head.data > shownHead);
  if (!newer) return null;
  return (
    <Button
      variant="contained"
      startIcon={<ArrowUpward />}
      onClick={() => {
        // Back to the first page only: the older pages load again as the reader scrolls.
        void queryClient.resetQueries({ queryKey: wallKeys.feed(filter) });
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
      }}
      sx={{ alignSelf: 'center', position: 'sticky', top: 72, zIndex: 2, borderRadius: 5 }}
    >
      New posts
    </Button>
  );
}
