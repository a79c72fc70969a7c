import type { TAssignment, TModule } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import {
  ASSIGNMENTS_PAGE_SIZE,
  useCreateAssignment,
  useDeleteAssignment,
  useManagedAssignments,
  useUpdateAssignment,
} from '../../api/assignments.api.ts';
import { AssignmentDialog } from './assignment-dialog.tsx';
import { formToCreate, formToUpdate } from './assignment-form.ts';
import { AssignmentRow } from './assignment-row.tsx';
import { SubmissionsDialog } from './submissions-dialog.tsx';

/**
 * The edit-course page's assignments, for the course's managers (admins and its author, the
 * server's rule for every assignment call). Adding, editing and deleting follow the course's
 * editability; viewing submissions and grading stay open on a read-only course, as the server
 * allows its managers to grade whatever the course's status.
 */
export function AssignmentsSection({
  courseId,
  modules,
  editable,
  manages,
}: {
  courseId: number;
  modules: TModule[];
  editable: boolean;
  manages: boolean;
}) {
  const [page, setPage] = useState(0);
  const list = useManagedAssignments(courseId, page + 1, manages);
  const [editing, setEditing] = useState<TAssignment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAssignment | null>(null);
  const [viewing, setViewing] = useState<TAssignment | null>(null);
  const create = useCreateAssignment(courseId);
  const update = useUpdateAssignment(courseId);
  const remove = useDeleteAssignment(courseId);
  const rows = list.data?.results ?? [];
  const emptyPage = list.isSuccess && rows.length === 0 && page > 0;
  // Deleting the last assignment of a later page steps back instead of showing an empty page.
  useEffect(() => {
    if (emptyPage) setPage((p) => Math.max(0, p - 1));
  }, [emptyPage]);
  if (!manages) return null;

  const moduleTitle = (id: number | null) => modules.find((m) => m.id === id)?.title ?? null;
  const current = editing === 'new' ? null : editing;
  return (
    <SectionCard
      title="Assignments"
      subtitle={
        editable ? 'Work learners hand in, and its grading.' : 'Submissions can still be graded.'
      }
      busy={list.isPending}
      action={
        editable && (
          <Button
            startIcon={<Add />}
            variant="outlined"
            size="small"
            onClick={() => setEditing('new')}
          >
            Add assignment
          </Button>
        )
      }
    >
      {list.isPending ? (
        <Stack spacing={1} aria-hidden>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(list.error, COURSE_MESSAGES.moduleFailed)}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState icon={<AssignmentOutlined sx={{ fontSize: 40 }} aria-hidden />}>
          {editable
            ? 'No assignments yet. Add one for learners to hand in work.'
            : 'This course has no assignments.'}
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }} aria-label="Assignments">
          {rows.map((assignment) => (
            <AssignmentRow
              key={assignment.id}
              assignment={assignment}
              moduleTitle={moduleTitle(assignment.module)}
              onOpen={() => setViewing(assignment)}
              actions={
                editable && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Edit ${assignment.title}`}
                      onClick={() => setEditing(assignment)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Delete ${assignment.title}`}
                      onClick={() => setDeleting(assignment)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </>
                )
              }
            />
          ))}
        </Stack>
      )}
      {(list.data?.count ?? 0) > ASSIGNMENTS_PAGE_SIZE && (
        <TablePagination
          component="div"
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={ASSIGNMENTS_PAGE_SIZE}
          rowsPerPageOptions={[]}
          {...pageCountProps(list.data)}
        />
      )}
      <AssignmentDialog
        open={editing !== null}
        assignment={current}
        modules={modules}
        onClose={() => setEditing(null)}
        save={(values) =>
          current
            ? update.mutateAsync({ id: current.id, change: formToUpdate(current, values) })
            : create.mutateAsync(formToCreate(courseId, values))
        }
      />
      <SubmissionsDialog
        courseId={courseId}
        assignment={viewing}
        onClose={() => setViewing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this assignment?"
        confirmLabel="Delete assignment"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        {deleting?.title} will be removed with its {deleting?.submission_count ?? 0} submission
        {deleting?.submission_count === 1 ? '' : 's'}, their files and grades. This cannot be
        undone.
      </ConfirmDialog>
    </SectionCard>
  );
}
