import type { TLtiTool } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/api-error.ts';
import { notifySuccess } from '../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../shared/ui/load-error.tsx';
import {
  LTI_PAGE_SIZE,
  useDeleteTool,
  useLtiPlatform,
  useLtiTools,
  useUpdateTool,
} from './api/lti.api.ts';
import { CopyField } from './components/copy-field.tsx';
import { ToolDialog } from './components/tool-dialog.tsx';

/**
 * The External tools (LTI 1.3) tab of Tools & Plugins (admins): Atrium's platform details to give
 * a tool, and the organisation's registered tools, each with what the tool needs from Atrium.
 */
export function LtiToolsPanel() {
  const [page, setPage] = useState(1);
  const list = useLtiTools(page);
  const [editing, setEditing] = useState<TLtiTool | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TLtiTool | null>(null);
  const remove = useDeleteTool();

  return (
    <Stack spacing={3}>
      <PlatformDetails />
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
            Registered tools
          </Typography>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
            Register tool
          </Button>
        </Stack>
        {remove.isError && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
        {list.isPending ? (
          <Stack spacing={1} aria-label="Loading tools">
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ) : list.isError ? (
          <LoadError
            error={list.error}
            fallback="The tools could not be loaded."
            onRetry={() => list.refetch()}
          />
        ) : list.data.results.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">
              No tools yet. Register one with the details its provider gave you.
            </Typography>
          </Paper>
        ) : (
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {list.data.results.map((tool) => (
              <ToolCard
                key={tool.id}
                tool={tool}
                onEdit={() => setEditing(tool)}
                onDelete={() => setDeleting(tool)}
              />
            ))}
          </Stack>
        )}
        {list.data && list.data.count > LTI_PAGE_SIZE && (
          <Pagination
            page={page}
            count={Math.ceil(list.data.count / LTI_PAGE_SIZE)}
            onChange={(_e, value) => setPage(value)}
          />
        )}
      </Stack>
      {editing && (
        <ToolDialog
          tool={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notifySuccess(editing === 'new' ? `${saved.name} registered.` : 'Tool saved.');
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this tool'}?`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          const done = await remove
            .mutateAsync(deleting.id)
            .then(() => true)
            .catch(() => false);
          if (done) notifySuccess('Tool deleted.');
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        Its registration goes, and the tool can no longer be launched from Atrium.
      </ConfirmDialog>
    </Stack>
  );
}

function PlatformDetails() {
  const platform = useLtiPlatform();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="lti-platform-title">
      <Typography id="lti-platform-title" component="h2" variant="h6">
        Atrium’s platform details
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Give these to the tool’s provider, with the client id and deployment id of its registration
        below.
      </Typography>
      {platform.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : platform.isError ? (
        <LoadError
          error={platform.error}
          fallback="The platform details could not be loaded."
          onRetry={() => platform.refetch()}
        />
      ) : (
        <Stack spacing={1.5}>
          <CopyField label="Issuer" value={platform.data.issuer} />
          <CopyField label="Authorization URL" value={platform.data.authorization_url} />
          <CopyField label="Access token URL" value={platform.data.token_url} />
          <CopyField label="Key set (JWKS) URL" value={platform.data.jwks_url} />
          <CopyField
            label="Deep linking return URL"
            value={platform.data.deep_linking_return_url}
          />
        </Stack>
      )}
    </Stack>
  );
}

function ToolCard({
  tool,
  onEdit,
  onDelete,
}: {
  tool: TLtiTool;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateTool();
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" variant="subtitle1" sx={{ flex: 1, minWidth: 0 }}>
            {tool.name}
          </Typography>
          {tool.deep_linking_url && <Chip size="small" variant="outlined" label="Deep linking" />}
          <FormControlLabel
            control={
              <Switch
                checked={tool.enabled}
                disabled={!tool.abilities.edit || update.isPending}
                onChange={(e) =>
                  update.mutate({ id: tool.id, body: { enabled: e.target.checked } })
                }
              />
            }
            label={tool.enabled ? 'Enabled' : 'Disabled'}
          />
        </Stack>
        {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
          <CopyField label="Client id" value={tool.client_id} />
          <CopyField label="Deployment id" value={tool.deployment_id} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Launches {tool.launch_url} · {tool.links} module item{tool.links === 1 ? '' : 's'} ·
          shares{' '}
          {[tool.share_name && 'name', tool.share_email && 'e-mail']
            .filter(Boolean)
            .join(' and ') || 'no personal details'}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {tool.abilities.edit && (
            <Button size="small" onClick={onEdit}>
              Edit
            </Button>
          )}
          {tool.abilities.delete ? (
            <Button size="small" color="error" onClick={onDelete}>
              Delete
            </Button>
          ) : (
            tool.links > 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
                Used by module items: disable it instead of deleting it.
              </Typography>
            )
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
