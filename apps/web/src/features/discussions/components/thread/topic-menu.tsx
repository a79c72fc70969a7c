import type { TDiscussion } from '@atrium/contract';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import UnpublishedOutlined from '@mui/icons-material/UnpublishedOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useSession } from '../../../../shared/session/session-context.ts';
import { ReportDialog } from '../../../moderation/index.ts';
import { useUpdateDiscussion } from '../../api/discussions.api.ts';

/**
 * Pin, lock (moderators) and close or reopen (moderators and the author), as the topic's
 * `abilities` allow, and Report (anyone but the author); nothing shows when none applies.
 */
export function TopicMenu({ topic: t }: { topic: TDiscussion }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const update = useUpdateDiscussion(t.id, true);
  const menuId = useId();
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const canReport = Boolean(user) && user?.id !== t.user.id;
  const { moderate, close } = t.abilities;
  if (!moderate && !close && !canReport) return null;
  const act = (body: { pinned: boolean } | { locked: boolean } | { closed: boolean }) => {
    setAnchor(null);
    update.mutate(body);
  };
  return (
    <>
      <Tooltip title="More actions">
        <IconButton
          aria-label="Discussion actions"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          disabled={update.isPending}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {moderate && (
          <MenuItem onClick={() => act({ pinned: !t.pinned })}>
            <ListItemIcon>
              <PushPinOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t.pinned ? 'Unpin' : 'Pin to the top'}</ListItemText>
          </MenuItem>
        )}
        {moderate && (
          <MenuItem onClick={() => act({ locked: !t.locked })}>
            <ListItemIcon>
              {t.locked ? <LockOpenOutlined fontSize="small" /> : <LockOutlined fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{t.locked ? 'Unlock' : 'Lock'}</ListItemText>
          </MenuItem>
        )}
        {(moderate || close) && (
          <MenuItem onClick={() => act({ closed: !t.closed })}>
            <ListItemIcon>
              {t.closed ? (
                <TaskAltOutlined fontSize="small" />
              ) : (
                <UnpublishedOutlined fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{t.closed ? 'Reopen' : 'Close'}</ListItemText>
          </MenuItem>
        )}
        {canReport && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setReporting(true);
            }}
          >
            <ListItemIcon>
              <FlagOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Report</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        kind="discussion_topic"
        id={t.id}
        what="discussion"
      />
    </>
  );
}
