import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { usePickableTools, useStartDeepLinking } from '../api/lti.api.ts';

/**
 * "Add from a tool" in the course editor (Deep Linking 2.0): the author picks a tool, which opens
 * in a new tab; what they choose there comes back as items of this module (refresh to see them).
 */
export function AddFromTool({ moduleId, disabled }: { moduleId: number; disabled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tools = usePickableTools(true);
  const start = useStartDeepLinking();
  const results = tools.data?.results ?? [];
  // No link to a tool that is not there: the button shows only when the organisation has one.
  if (results.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<ExtensionOutlined />}
        disabled={disabled || start.isPending}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Add from a tool
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {results.map((tool) => (
          <MenuItem
            key={tool.id}
            onClick={() => {
              setAnchor(null);
              start.mutate({ tool: tool.id, module: moduleId });
            }}
          >
            <ListItemText primary={tool.name} secondary="Opens in a new tab" />
          </MenuItem>
        ))}
      </Menu>
      {start.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(start.error)}
        </Alert>
      )}
    </>
  );
}
