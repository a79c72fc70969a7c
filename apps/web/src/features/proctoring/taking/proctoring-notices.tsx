import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { formatTime } from '../labels.tsx';
import { IdentityDialog } from './identity-dialog.tsx';
import type { AttemptProctoring } from './use-attempt-proctoring.ts';

/**
 * What monitoring has to tell the learner on the attempt screen, as banners above the questions:
 * the proctor's messages (each acknowledged with "OK"), a camera that is off with how to turn it
 * on again, and identity photos still to take. None of them stops answering.
 */
export function ProctoringNotices({ proctoring }: { proctoring: AttemptProctoring }) {
  const [identityOpen, setIdentityOpen] = useState(false);
  const { state } = proctoring;
  if (!state) return null;
  const check = state.session?.identity_check;
  return (
    <>
      {state.messages.map((message) => (
        <Alert
          key={message.id}
          severity="info"
          role="alert"
          icon={<ChatOutlined />}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => proctoring.acknowledge([message.id])}
              aria-label={`OK, I have read the proctor’s message sent at ${formatTime(message.sent_at, false)}`}
            >
              OK
            </Button>
          }
        >
          <AlertTitle>Message from your proctor · {formatTime(message.sent_at, false)}</AlertTitle>
          {message.text}
        </Alert>
      ))}
      {state.phase !== 'ended' && state.camera === 'off' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={proctoring.retryCamera}>
              Turn camera on
            </Button>
          }
        >
          <AlertTitle>Your camera is off</AlertTitle>
          {state.cameraProblem} You can keep answering; proctors see that monitoring was
          interrupted.
        </Alert>
      )}
      {state.phase !== 'ended' && state.identityMissing && check && check !== 'none' && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setIdentityOpen(true)}>
              Take photo
            </Button>
          }
        >
          This assessment asks for an identity photo, and none was sent from this device yet.
        </Alert>
      )}
      {check && check !== 'none' && (
        <IdentityDialog
          open={identityOpen}
          check={check}
          stream={proctoring.stream}
          onSend={proctoring.sendIdentity}
          onClose={() => setIdentityOpen(false)}
        />
      )}
    </>
  );
}
