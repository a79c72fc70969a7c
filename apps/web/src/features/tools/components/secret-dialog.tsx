import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useId, useState } from 'react';

/**
 * A secret the server shows this once (a webhook's signing secret, an API token): a read-only
 * field with a copy button, and a warning that it cannot be shown again.
 */
export function SecretDialog({
  open,
  title,
  label,
  secret,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  secret: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it will not be shown again.
        </Alert>
        {children}
        <TextField
          label={label}
          value={secret}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'shown-secret', spellCheck: false },
            input: {
              sx: { fontFamily: 'monospace' },
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={copied ? 'Copied' : 'Copy'}>
                    <IconButton
                      onClick={copy}
                      aria-label={`Copy ${label.toLowerCase()}`}
                      edge="end"
                    >
                      <ContentCopyOutlined />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
