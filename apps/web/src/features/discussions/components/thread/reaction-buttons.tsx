import type { TReactionCounts } from '@atrium/contract';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';

/**
 * Like and dislike with their counts; the caller's own is pressed, and pressing it again takes
 * it back. Named "Like 3" / "Dislike 0" for assistive technology.
 */
export function ReactionButtons({
  counts,
  canReact,
  busy,
  onReact,
}: {
  counts: TReactionCounts;
  canReact: boolean;
  busy?: boolean;
  onReact: (value: 1 | -1 | 0) => void;
}) {
  const liked = counts.my_reaction === 1;
  const disliked = counts.my_reaction === -1;
  const sx = { minWidth: 0, px: 1, color: 'text.secondary' };
  return (
    <Stack direction="row" spacing={0.5}>
      <Button
        size="small"
        aria-pressed={liked}
        disabled={!canReact || busy}
        onClick={() => onReact(liked ? 0 : 1)}
        startIcon={liked ? <ThumbUp color="primary" /> : <ThumbUpOutlined />}
        sx={sx}
      >
        <VisuallyHidden>Like</VisuallyHidden> {counts.likes}
      </Button>
      <Button
        size="small"
        aria-pressed={disliked}
        disabled={!canReact || busy}
        onClick={() => onReact(disliked ? 0 : -1)}
        startIcon={disliked ? <ThumbDown color="primary" /> : <ThumbDownOutlined />}
        sx={sx}
      >
        <VisuallyHidden>Dislike</VisuallyHidden> {counts.dislikes}
      </Button>
    </Stack>
  );
}
