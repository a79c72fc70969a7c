import type { TForum } from '@atrium/contract';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useForumSubscription } from '../../api/forums.api.ts';

function Notice({ off, children }: { off: boolean; children: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {off ? <NotificationsOffOutlined aria-hidden /> : <NotificationsActiveOutlined aria-hidden />}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/**
 * Whether new posts reach the caller: a switch where the mode leaves it to them (abilities),
 * otherwise what the mode decides. The switch moves when the server agrees.
 */
export function ForumSubscription({ forum: f }: { forum: TForum }) {
  const subscription = useForumSubscription(f.slug);
  if (f.subscription_mode === 'forced') {
    return <Notice off={false}>You are always subscribed</Notice>;
  }
  if (f.subscription_mode === 'off') {
    return <Notice off>Notifications are off for this forum</Notice>;
  }
  if (!f.abilities.subscribe) return null;
  return (
    <FormControlLabel
      control={
        <Switch
          checked={f.subscribed}
          disabled={subscription.isPending}
          onChange={(_event, on) => subscription.mutate(on)}
        />
      }
      label="Subscribed to new posts"
    />
  );
}
