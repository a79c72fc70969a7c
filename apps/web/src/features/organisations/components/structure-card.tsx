import { type TDepartment, ZDepartmentCreate } from '@atrium/contract';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useDepartmentMutations, useDepartments } from '../api/structure.api.ts';
import { DepartmentDialog } from './department-dialog.tsx';
import { DepartmentItem } from './department-item.tsx';
import { AddNameForm } from './name-field-form.tsx';

const NAME_RULE = ZDepartmentCreate.shape.name;

/**
 * The organisation's departments, each with its head, designations and locations. A department
 * is added by name; its head is chosen when editing it.
 */
export function StructureCard({
  organisationId,
  editable,
}: {
  organisationId: number;
  editable: boolean;
}) {
  const departments = useDepartments(organisationId);
  const { create, update, remove } = useDepartmentMutations(organisationId);
  const [editing, setEditing] = useState<TDepartment | null>(null);
  const [deleting, setDeleting] = useState<TDepartment | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <SectionCard
      title="Departments"
      subtitle="Designations and locations belong to a department. Anything still in use cannot be deleted."
      busy={departments.isPending}
    >
      <Stack spacing={2}>
        {editable && (
          <AddNameForm
            label="New department"
            buttonLabel="Add department"
            rule={NAME_RULE}
            onAdd={(name) => create.mutateAsync(name)}
          />
        )}
        {departments.isPending ? (
          [0, 1].map((row) => <Skeleton key={row} variant="rounded" height={56} />)
        ) : departments.isError ? (
          <Alert severity="error">{errorMessage(departments.error)}</Alert>
        ) : departments.data.length === 0 ? (
          <EmptyState icon={<AccountTreeOutlined />}>
            No departments yet. Add the first one to place people in it.
          </EmptyState>
        ) : (
          <Stack spacing={1}>
            {departments.data.map((department) => (
              <DepartmentItem
                key={department.id}
                department={department}
                editable={editable}
                onEdit={() => setEditing(department)}
                onDelete={() => setDeleting(department)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {editing && (
        <DepartmentDialog
          organisationId={organisationId}
          department={editing}
          onSave={(changes) => update.mutateAsync({ id: editing.id, changes })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete department"
        destructive
        busy={remove.isPending}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: closeDelete })}
      >
        A department that still has people, designations or locations cannot be deleted.
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
