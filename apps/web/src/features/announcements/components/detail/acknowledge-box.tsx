import type { TAnnouncement } from '@atrium/contract';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { formatWhen } from '../../announcement-format.ts';
import { useAcknowledge } from '../../api/announcements.api.ts';

/**
 * The reader's acknowledgement: asked for (with the button when the server allows it), or the
 * time it was given. Nothing when it is not asked for.
 */
export function AcknowledgeBox({ announcement: a }: { announcement: TAnnouncement }) {
  const acknowledge = useAcknowledge(a.id);
  const [asking, setAsking] = useState(false);
  if (a.acknowledged_at) {
    return (
      <Alert severity="success" icon={<TaskAltOutlined />}>
        Acknowledged on {formatWhen(a.acknowledged_at)}.
      </Alert>
    );
  }
  if (!a.abilities.acknowledge) return null;
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={() => setAsking(true)}>
            Acknowledge
          </Button>
        }
        sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      >
        Please confirm that you have read and understood this announcement.
      </Alert>
      <ConfirmDialog
        open={asking}
        title="Acknowledge this announcement?"
        confirmLabel="Acknowledge"
        busy={acknowledge.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => acknowledge.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        Your organisation sees that you have read and understood “{a.title}”.
      </ConfirmDialog>
    </>
  );
}
