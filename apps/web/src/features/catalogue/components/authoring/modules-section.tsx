import type { TModule } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { SortableList } from '../../../../shared/ui/sortable-list.tsx';
import {
  useAddModule,
  useDeleteModule,
  useReorderModules,
  useUpdateModule,
} from '../../api/authoring.api.ts';
import { ModuleDialog } from './module-dialog.tsx';

const EMPTY = { title: '', description: '' };

/**
 * A course's modules: add, rename, delete, reorder; each opens its own page for its files.
 * `addBlocked` (adminOnlyReason) disables adding, with its reason shown: a trainer may not add
 * content to a published course.
 */
export function ModulesSection({
  courseId,
  modules,
  editable,
  addBlocked = null,
}: {
  courseId: number;
  modules: TModule[];
  editable: boolean;
  addBlocked?: string | null;
}) {
  const reasonId = useId();
  // Shown at once in the new order while the server saves it; the refetch replaces it after.
  const [items, setItems] = useState(modules);
  useEffect(() => setItems(modules), [modules]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TModule | null>(null);
  const [deleting, setDeleting] = useState<TModule | null>(null);
  const add = useAddModule(courseId);
  const update = useUpdateModule();
  const remove = useDeleteModule();
  const reorder = useReorderModules(courseId);

  const onReorder = (next: TModule[]) => {
    setItems(next);
    reorder.mutate(
      next.map((module) => module.id),
      { onError: () => setItems(modules) },
    );
  };

  return (
    <SectionCard
      title="Modules"
      subtitle={editable ? 'Drag the handle, or use the arrows, to change the order.' : undefined}
      busy={reorder.isPending}
      action={
        editable && (
          <Button
            startIcon={<Add />}
            variant="outlined"
            size="small"
            disabled={addBlocked !== null}
            aria-describedby={addBlocked ? reasonId : undefined}
            onClick={() => setAdding(true)}
          >
            Add module
          </Button>
        )
      }
    >
      {editable && addBlocked && (
        <Alert id={reasonId} severity="info" sx={{ mb: 2 }}>
          {addBlocked}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState icon={<ViewModuleOutlined sx={{ fontSize: 40 }} aria-hidden />}>
          {editable && !addBlocked
            ? 'No modules yet. Add the first one, then attach its files.'
            : 'This course has no modules yet.'}
        </EmptyState>
      ) : (
        <SortableList
          label="Modules in order"
          items={items}
          disabled={!editable}
          nameOf={(module) => module.title}
          onReorder={onReorder}
          renderItem={(module, index) => (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={`/courses/module/${module.id}`}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {index + 1}. {module.title}
                </Link>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {module.files.length} file{module.files.length === 1 ? '' : 's'}
                </Typography>
              </Stack>
              {editable && (
                <>
                  <IconButton
                    size="small"
                    aria-label={`Rename ${module.title}`}
                    onClick={() => setRenaming(module)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Delete ${module.title}`}
                    onClick={() => setDeleting(module)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </>
              )}
            </Stack>
          )}
        />
      )}
      <ModuleDialog
        open={adding}
        title="Add a module"
        initial={EMPTY}
        submitLabel="Add module"
        onClose={() => setAdding(false)}
        save={(values) => add.mutateAsync(values)}
      />
      <ModuleDialog
        open={renaming !== null}
        title="Rename the module"
        initial={renaming ? { title: renaming.title, description: renaming.description } : EMPTY}
        submitLabel="Save"
        onClose={() => setRenaming(null)}
        save={(values) => update.mutateAsync({ id: renaming?.id ?? 0, ...values })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this module?"
        confirmLabel="Delete module"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        {deleting?.title} and its {deleting?.files.length ?? 0} attached file
        {deleting?.files.length === 1 ? '' : 's'} will be removed from the course. The files stay in
        the file repository.
      </ConfirmDialog>
    </SectionCard>
  );
}
