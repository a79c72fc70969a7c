import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';

/**
 * The new feed URL, shown once: read-only, selected on focus, with a copy button and how to
 * subscribe to it in Outlook and Google Calendar.
 */
export function FeedUrlField({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text is selected instead.
      input.current?.select();
      setCopied('failed');
    }
  };
  return (
    <Stack spacing={1.5}>
      <Alert severity="success">
        Copy this address now: it is shown only once. Keep it private: anyone who has it can see
        your calendar.
      </Alert>
      <TextField
        label="Feed URL"
        value={url}
        fullWidth
        size="small"
        inputRef={input}
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Copy feed URL" onClick={copy} edge="end">
                  {copied === 'yes' ? <CheckOutlined /> : <ContentCopyOutlined />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography
        variant="body2"
        role="status"
        sx={{ color: 'text.secondary', minHeight: '1.5em' }}
      >
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Could not copy: the address is selected, copy it with Ctrl+C (⌘C on a Mac).'
            : ''}
      </Typography>
      <Typography variant="body2">
        In Outlook, choose Add calendar, then Subscribe from web. In Google Calendar, choose Other
        calendars, then From URL. Paste this address; they refresh it on their own every few hours.
      </Typography>
    </Stack>
  );
}
