import { MAX_APPROVAL_LEVELS, type TApprovalModule, type TApprover } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { useRemoveApprover, useUpdateApprover } from '../../api/approval-settings.api.ts';
import { AddApproverDialog } from './add-approver-dialog.tsx';
import { approverName, defaultsSummary, groupByLevel, levelChoices } from './settings-logic.ts';

/**
 * A kind's approvers level by level. While the organisation has named none, the kind's defaults
 * show read-only: the first approver added replaces them all (the server does so).
 */
export function ApprovalLevels({ module }: { module: TApprovalModule }) {
  const levels = groupByLevel(module.approvers);
  const [adding, setAdding] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TApprover | null>(null);
  const remove = useRemoveApprover();
  const readOnly = module.default_approvers;
  // Over the defaults only Level 1 makes sense: they are replaced, so no other level exists.
  const addLevels = readOnly ? [1] : levelChoices(levels.length);
  const canAddLevel = !readOnly && levels.length < MAX_APPROVAL_LEVELS;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Requests already open keep the approvers they started with; changes apply to new requests.
      </Typography>
      {readOnly && (
        <Alert severity="info">
          Default: {defaultsSummary(module)} — adding an approver replaces the defaults.
        </Alert>
      )}
      {levels.length === 0 && (
        <Alert severity="warning">
          No approvers yet. Add one to Level 1 so requests of this kind reach someone.
        </Alert>
      )}
      {levels.map((approvers, index) => (
        <Level
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position
          key={index}
          module={module}
          level={index + 1}
          levelCount={levels.length}
          approvers={approvers}
          readOnly={readOnly}
          onAdd={() => setAdding(index + 1)}
          onRemove={setRemoving}
        />
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {readOnly || levels.length === 0 ? (
          <Button startIcon={<AddOutlined />} onClick={() => setAdding(1)}>
            Add approver
          </Button>
        ) : (
          canAddLevel && (
            <Button startIcon={<AddOutlined />} onClick={() => setAdding(levels.length + 1)}>
              Add Level {levels.length + 1}
            </Button>
          )
        )}
      </Stack>
      {adding !== null && (
        <AddApproverDialog
          module={module}
          levels={addLevels}
          initialLevel={Math.min(adding, addLevels.length)}
          onClose={() => setAdding(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this approver?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      >
        {removing &&
          `${approverName(removing, module.kind)} no longer decides at Level ${removing.level}. `}
        A level left without approvers closes up; requests already open keep their plan.
      </ConfirmDialog>
    </Stack>
  );
}

function Level({
  module,
  level,
  levelCount,
  approvers,
  readOnly,
  onAdd,
  onRemove,
}: {
  module: TApprovalModule;
  level: number;
  levelCount: number;
  approvers: TApprover[];
  readOnly: boolean;
  onAdd: () => void;
  onRemove: (approver: TApprover) => void;
}) {
  const titleId = useId();
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" sx={{ flex: 1 }}>
          Level {level}
          {readOnly ? ' (default)' : ''}
        </Typography>
        {!readOnly && (
          <Button
            size="small"
            startIcon={<AddOutlined />}
            onClick={onAdd}
            aria-label={`Add an approver to Level ${level}`}
          >
            Add
          </Button>
        )}
      </Stack>
      {approvers.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nobody at this level.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {approvers.map((approver) => (
            <ApproverRow
              key={`${approver.id}-${approver.type}-${approver.user?.id ?? ''}`}
              module={module}
              approver={approver}
              levelCount={levelCount}
              alone={approvers.length === 1}
              readOnly={readOnly}
              onRemove={() => onRemove(approver)}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ApproverRow({
  module,
  approver,
  levelCount,
  alone,
  readOnly,
  onRemove,
}: {
  module: TApprovalModule;
  approver: TApprover;
  levelCount: number;
  alone: boolean;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const move = useUpdateApprover();
  const name = approverName(approver, module.kind);
  const choices = levelChoices(levelCount, alone);
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 40 }}
    >
      {approver.type === 'user' ? (
        <PersonOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
      ) : (
        <SupervisorAccountOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
      )}
      <Stack sx={{ flex: 1, minWidth: 140 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {approver.type !== 'user' && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Found for each request
          </Typography>
        )}
      </Stack>
      {!readOnly && (
        <>
          <TextField
            select
            size="small"
            value={approver.level}
            disabled={move.isPending || choices.length < 2}
            onChange={(event) =>
              move.mutate({ id: approver.id, change: { level: Number(event.target.value) } })
            }
            // No visible label: "Level 2" says it; the name says whose level it is.
            slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Level of ${name}` } } }}
            sx={{ width: 116 }}
          >
            {choices.map((n) => (
              <MenuItem key={n} value={n}>
                {n > levelCount ? `New level ${n}` : `Level ${n}`}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title="Remove">
            <IconButton
              aria-label={`Remove ${name} from Level ${approver.level}`}
              onClick={onRemove}
            >
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}
