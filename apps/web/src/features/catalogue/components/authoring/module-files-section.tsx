import type { TFileKind, TModule, TModuleFileItem } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatBytes } from '../../../../shared/files/file-rules.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { SortableList } from '../../../../shared/ui/sortable-list.tsx';
import { VideoShareButton, VideoStatusChip } from '../../../content-player/index.ts';
import { AddFromTool } from '../../../lti/index.ts';
import {
  useAttachFile,
  useDetachFile,
  useReorderFiles,
  useSetFileRequired,
} from '../../api/authoring.api.ts';
import { KIND_LABEL } from '../../authoring/repository-rules.ts';
import { FilePickerDialog } from './file-picker-dialog.tsx';

/**
 * The files of a module in order: attach from the repository, detach, reorder. `addBlocked`
 * (adminOnlyReason) disables attaching, with its reason shown: a trainer may not add content to
 * a published course.
 */
export function ModuleFilesSection({
  module,
  editable,
  addBlocked = null,
}: {
  module: TModule;
  editable: boolean;
  addBlocked?: string | null;
}) {
  const reasonId = useId();
  const [items, setItems] = useState(module.files);
  useEffect(() => setItems(module.files), [module.files]);
  const [picking, setPicking] = useState(false);
  const [detaching, setDetaching] = useState<TModuleFileItem | null>(null);
  const attach = useAttachFile(module.id);
  const detach = useDetachFile(module.id);
  const setRequired = useSetFileRequired(module.id);
  const reorder = useReorderFiles(module.id);
  const attachedIds = useMemo(() => new Set(items.map((item) => item.file_id)), [items]);

  const onReorder = (next: TModuleFileItem[]) => {
    setItems(next);
    reorder.mutate(
      next.map((item) => item.id),
      { onError: () => setItems(module.files) },
    );
  };

  return (
    <SectionCard
      title="Files"
      subtitle={
        editable
          ? 'Learners open them in this order. Drag the handle or use the arrows.'
          : undefined
      }
      busy={reorder.isPending}
      action={
        editable && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              startIcon={<AttachFileOutlined />}
              variant="outlined"
              size="small"
              disabled={addBlocked !== null}
              aria-describedby={addBlocked ? reasonId : undefined}
              onClick={() => setPicking(true)}
            >
              Attach from repository
            </Button>
            <AddFromTool moduleId={module.id} disabled={addBlocked !== null} />
          </Stack>
        )
      }
    >
      {editable && addBlocked && (
        <Alert id={reasonId} severity="info" sx={{ mb: 2 }}>
          {addBlocked}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState icon={<InsertDriveFileOutlined sx={{ fontSize: 40 }} aria-hidden />}>
          {editable && !addBlocked
            ? 'No files yet. Attach one from the repository or upload a new one.'
            : 'This module has no files.'}
        </EmptyState>
      ) : (
        <SortableList
          label="Module files in order"
          items={items}
          disabled={!editable}
          nameOf={(item) => item.name}
          onReorder={onReorder}
          renderItem={(item) => (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {item.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {KIND_LABEL[item.kind as TFileKind] ?? item.kind} · {formatBytes(item.size)}
                  </Typography>
                  {item.kind === 'video' && (
                    <VideoStatusChip fileId={item.file_id} name={item.name} />
                  )}
                  {item.kind === 'video' && (
                    <VideoShareButton
                      fileId={item.file_id}
                      courseId={module.course}
                      name={item.name}
                    />
                  )}
                  {editable ? (
                    <Tooltip title="Required files count towards completing the course">
                      <Chip
                        size="small"
                        variant={item.required ? 'filled' : 'outlined'}
                        label={item.required ? 'Required' : 'Optional'}
                        color={item.required ? 'primary' : 'default'}
                        aria-pressed={item.required}
                        aria-label={`${item.name}: ${item.required ? 'required' : 'optional'}; press to make it ${item.required ? 'optional' : 'required'}`}
                        disabled={setRequired.isPending}
                        onClick={() =>
                          setRequired.mutate({ itemId: item.id, required: !item.required })
                        }
                      />
                    </Tooltip>
                  ) : (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={item.required ? 'Required' : 'Optional'}
                      color={item.required ? 'primary' : 'default'}
                    />
                  )}
                </Stack>
              </Stack>
              {editable && (
                <IconButton
                  size="small"
                  aria-label={`Detach ${item.name}`}
                  onClick={() => setDetaching(item)}
                >
                  <LinkOffOutlined fontSize="small" />
                </IconButton>
              )}
            </Stack>
          )}
        />
      )}
      <FilePickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        busy={attach.isPending}
        attachedIds={attachedIds}
        onPick={(file, required) =>
          attach.mutate({ file: file.id, required }, { onSuccess: () => setPicking(false) })
        }
      />
      <ConfirmDialog
        open={detaching !== null}
        title="Detach this file?"
        confirmLabel="Detach"
        destructive
        busy={detach.isPending}
        onClose={() => setDetaching(null)}
        onConfirm={() =>
          detaching && detach.mutate(detaching.id, { onSettled: () => setDetaching(null) })
        }
      >
        {detaching?.name} leaves this module (learners' progress on it no longer counts). It stays
        in the file repository.
      </ConfirmDialog>
    </SectionCard>
  );
}
