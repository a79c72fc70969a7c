import type { TLevelRef } from '@atrium/contract';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

/**
 * A level as a chip in its colour (tinted, so the name stays readable in light and dark), with
 * its image when it has one. Nothing when the organisation has no levels yet.
 */
export function LevelChip({
  level,
  size = 'small',
}: {
  level: TLevelRef | null;
  size?: 'small' | 'medium';
}) {
  if (!level) return null;
  return (
    <Chip
      size={size}
      label={level.name}
      avatar={
        <Avatar
          src={level.image_url ?? undefined}
          alt=""
          sx={{ bgcolor: `${level.color} !important` }}
        >
          <EmojiEventsOutlined sx={{ fontSize: 14, color: '#fff' }} />
        </Avatar>
      }
      variant="outlined"
      sx={{
        borderColor: level.color,
        bgcolor: alpha(level.color, 0.12),
        fontWeight: 600,
        maxWidth: '100%',
      }}
    />
  );
}
