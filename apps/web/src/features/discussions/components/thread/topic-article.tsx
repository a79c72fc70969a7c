import type { TDiscussion } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../../../../shared/files/file-rules.ts';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { ModerationStateChip } from '../../../moderation/index.ts';
import { useDownloadAttachment, useFollow, useReact } from '../../api/discussions.api.ts';
import { Stat } from '../list/discussion-row.tsx';
import { PersonAvatar } from '../person-avatar.tsx';
import { RichHtml } from '../rich-html.tsx';
import { When } from './answer-item.tsx';
import { ReactionButtons } from './reaction-buttons.tsx';

/** The topic itself: who started it where, its text, files, reactions, following and views. */
export function TopicArticle({ topic: t }: { topic: TDiscussion }) {
  const react = useReact(t.id);
  const follow = useFollow(t.id);
  const download = useDownloadAttachment();
  return (
    <Card component="article" aria-label={t.title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, minWidth: 0 }}>
          <PersonAvatar person={t.user} size={40} />
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {t.user.fullname}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {t.scope_ref?.name ?? 'Organisation'} · <When iso={t.created_at} />
              {t.edited_at && ' · edited'}
            </Typography>
            <ModerationStateChip state={t.moderation_state} />
          </Stack>
        </Stack>
        <RichHtml html={t.body} />
        {t.attachments.length > 0 && (
          <Stack spacing={0.5} sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h2">
              Attachments
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {t.attachments.map((file) => (
                <li key={file.id}>
                  <Button
                    size="small"
                    startIcon={<DownloadOutlined />}
                    onClick={() => download.mutate(file)}
                    sx={{
                      textAlign: 'left',
                      overflowWrap: 'anywhere',
                      justifyContent: 'flex-start',
                    }}
                  >
                    <VisuallyHidden>Download</VisuallyHidden> {file.name}{' '}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ ml: 0.5, color: 'text.secondary' }}
                    >
                      {formatBytes(file.size)}
                    </Typography>
                  </Button>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <Divider sx={{ my: 2 }} />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', ml: -1 }}
        >
          <ReactionButtons
            counts={t}
            canReact={t.abilities.react}
            busy={react.isPending}
            onReact={(value) => react.mutate({ target: { discussion: t.id }, value })}
          />
          {t.abilities.follow && (
            <Button
              size="small"
              aria-pressed={t.following}
              startIcon={
                t.following ? <NotificationsActiveOutlined /> : <NotificationsNoneOutlined />
              }
              loading={follow.isPending}
              onClick={() => follow.mutate(!t.following)}
              color={t.following ? 'primary' : 'inherit'}
              variant={t.following ? 'outlined' : 'text'}
            >
              Follow
            </Button>
          )}
          <Stack sx={{ ml: 'auto', pr: 1 }}>
            <Stat
              icon={<VisibilityOutlined fontSize="small" aria-hidden />}
              n={t.view_count}
              one="view"
              many="views"
            />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
