import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { notifySuccess } from '../../../shared/notify/notify.ts';

/** A read-only value an admin copies into a tool's configuration. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={`Copy ${label.toLowerCase()}`}>
                <IconButton
                  aria-label={`Copy ${label.toLowerCase()}`}
                  edge="end"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(value)
                      .then(() => notifySuccess(`${label} copied.`))
                  }
                >
                  <ContentCopyOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
