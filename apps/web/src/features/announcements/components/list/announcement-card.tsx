import type { TAnnouncement } from '@atrium/contract';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { excerpt, formatWhen, statsText } from '../../announcement-format.ts';
import { ANNOUNCEMENT_STATE, announcementUrl } from '../../labels.ts';

/** The chips that say what a reader still has to do with it. */
export function ReaderChips({ announcement: a }: { announcement: TAnnouncement }) {
  return (
    <>
      {a.pinned && (
        <Chip size="small" icon={<PushPinOutlined />} label="Pinned" variant="outlined" />
      )}
      {a.reader && a.read_at === null && <Chip size="small" color="primary" label="Unread" />}
      {a.reader &&
        a.must_acknowledge &&
        (a.acknowledged_at ? (
          <Chip size="small" color="success" variant="outlined" label="Acknowledged" />
        ) : (
          <Chip size="small" color="warning" label="Must acknowledge" />
        ))}
    </>
  );
}

/**
 * One announcement of a list, a link to it. In the inbox: unread ones bold, with the reader's
 * chips and an excerpt; in the manage list: its state, times and reading figures.
 */
export function AnnouncementCard({
  announcement: a,
  manage,
}: {
  announcement: TAnnouncement;
  manage: boolean;
}) {
  const unread = !manage && a.reader && a.read_at === null;
  const state = ANNOUNCEMENT_STATE[a.state];
  const byline = [
    a.author?.fullname,
    manage && a.state === 'scheduled'
      ? `Goes out ${formatWhen(a.publish_at)}`
      : formatWhen(a.publish_at),
    manage && a.expires_at ? `Expires ${formatWhen(a.expires_at)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        borderLeft: 4,
        borderLeftColor: unread ? 'primary.main' : 'divider',
      }}
    >
      <CardActionArea component={RouterLink} to={announcementUrl(a.id)} sx={{ p: 2 }}>
        <Stack spacing={0.75}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            useFlexGap
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Typography
              component="h3"
              variant="subtitle1"
              sx={{
                flex: 1,
                minWidth: 0,
                overflowWrap: 'anywhere',
                fontWeight: unread ? 700 : 500,
              }}
            >
              {a.title}
            </Typography>
            <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {manage ? (
                <>
                  {a.pinned && (
                    <Chip
                      size="small"
                      icon={<PushPinOutlined />}
                      label="Pinned"
                      variant="outlined"
                    />
                  )}
                  <Chip size="small" color={state.color} label={state.label} />
                </>
              ) : (
                <ReaderChips announcement={a} />
              )}
            </Stack>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {byline}
          </Typography>
          {manage ? (
            a.stats && (
              <Typography variant="body2">{statsText(a.stats, a.must_acknowledge)}</Typography>
            )
          ) : (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {excerpt(a.body)}
            </Typography>
          )}
        </Stack>
      </CardActionArea>
    </Card>
  );
}
