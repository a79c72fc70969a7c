import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useCheckinCode } from '../../api/bookings.api.ts';
import { useNow } from '../../use-now.ts';

/**
 * The trainer's full-screen check-in code: a QR code of the check-in address and the six digits
 * in large type, with a bar counting down to the next code. A new code is fetched when the bar
 * runs out (the server rotates it every period).
 */
export function CheckinCodeDialog({
  open,
  session,
  onClose,
}: {
  open: boolean;
  session: { id: number; title: string };
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={titleId}>
      <Stack sx={{ height: '100%', p: { xs: 2, sm: 4 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '2rem' } }}>
              Check in to {session.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              Scan the code with your phone, or enter the six digits under My sessions.
            </Typography>
          </Box>
          <IconButton aria-label="Close" onClick={onClose} size="large">
            <CloseOutlined />
          </IconButton>
        </Stack>
        {open && <CodePanel sessionId={session.id} />}
      </Stack>
    </Dialog>
  );
}

function CodePanel({ sessionId }: { sessionId: number }) {
  const code = useCheckinCode(sessionId, true, 0);
  const [image, setImage] = useState<string | null>(null);
  const now = useNow(250);
  const data = code.data;

  // Draw the QR code locally: the address never leaves the browser.
  useEffect(() => {
    if (!data) return;
    let live = true;
    QRCode.toDataURL(data.qr, { margin: 1, width: 480, errorCorrectionLevel: 'M' }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [data]);

  // Fetch the next code when this one stops being shown.
  const { refetch } = code;
  useEffect(() => {
    if (!data) return;
    const wait = Math.max(500, Date.parse(data.expires_at) - Date.now());
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [data, refetch]);

  if (code.isError) {
    return (
      <Alert severity="warning" sx={{ mt: 3 }}>
        {errorMessage(code.error)}
      </Alert>
    );
  }
  if (!data) return <LinearProgress sx={{ mt: 4 }} aria-label="Loading the check-in code" />;
  const left = Math.max(0, Date.parse(data.expires_at) - now);
  const value = Math.min(100, (left / (data.period_seconds * 1000)) * 100);

  return (
    <Stack
      spacing={3}
      sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center', mt: 2 }}
    >
      {image && (
        <Box
          component="img"
          src={image}
          alt="QR code that opens the check-in page"
          sx={{
            width: { xs: '80vw', sm: 'min(52vh, 480px)' },
            maxWidth: 480,
            aspectRatio: '1',
            bgcolor: '#fff',
            p: 1,
            borderRadius: 2,
          }}
        />
      )}
      <Typography
        data-testid="checkin-code"
        aria-label={`Check-in code ${data.code.split('').join(' ')}`}
        sx={{
          fontSize: { xs: '3rem', sm: '5rem' },
          fontWeight: 700,
          letterSpacing: '0.2em',
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1,
        }}
      >
        {data.code}
      </Typography>
      <Box sx={{ width: 'min(480px, 90%)' }}>
        <LinearProgress
          variant="determinate"
          value={value}
          aria-label="Time until the next code"
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          A new code in {Math.ceil(left / 1000)} s
        </Typography>
      </Box>
    </Stack>
  );
}
