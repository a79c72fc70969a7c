import type { TWallReaction } from '@atrium/contract';
import Celebration from '@mui/icons-material/Celebration';
import Favorite from '@mui/icons-material/Favorite';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Psychology from '@mui/icons-material/Psychology';
import ThumbUp from '@mui/icons-material/ThumbUp';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * Icons rather than emoji: emoji depend on the device's fonts (a machine without a colour emoji
 * font shows empty boxes), icons ship with the app and take the theme's colours.
 */
const ICONS: Record<TWallReaction, { Icon: typeof ThumbUp; color: SvgIconProps['color'] }> = {
  like: { Icon: ThumbUp, color: 'primary' },
  celebrate: { Icon: Celebration, color: 'warning' },
  love: { Icon: Favorite, color: 'error' },
  insightful: { Icon: Lightbulb, color: 'secondary' },
  curious: { Icon: Psychology, color: 'info' },
};

/** A reaction's icon; decoration (the label names the reaction). */
export function ReactionIcon({
  kind,
  fontSize = 'small',
}: {
  kind: TWallReaction;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const { Icon, color } = ICONS[kind];
  return <Icon aria-hidden color={color} fontSize={fontSize} />;
}
