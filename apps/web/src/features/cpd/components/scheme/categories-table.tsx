import type { TCpdCategory, TCpdUnit } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { useCpdCategories, useRemoveCategory } from '../../api/cpd.api.ts';
import { formatAmount } from '../../cpd-format.ts';
import { CPD_MESSAGES } from '../../labels.ts';
import { CategoryDialog } from './category-dialog.tsx';

/**
 * The organisation's CPD categories with their minimums per cycle: added, edited in a dialog,
 * deleted after a confirmation (their entries stay, uncategorised).
 */
export function CategoriesTable({ unit }: { unit: TCpdUnit }) {
  const categories = useCpdCategories();
  const remove = useRemoveCategory();
  const [editing, setEditing] = useState<{ category: TCpdCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<TCpdCategory | null>(null);
  const list = categories.data;

  return (
    <SectionCard
      title="Categories"
      subtitle="What learners must earn in each category per cycle, on top of the overall target."
      busy={!list && !categories.isError}
      action={
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onClick={() => setEditing({ category: null })}
          aria-haspopup="dialog"
          sx={{ flexShrink: 0 }}
        >
          Add
        </Button>
      }
    >
      {categories.isError ? (
        <Alert severity="error">
          {errorMessage(categories.error, CPD_MESSAGES.categoriesFailed)}
        </Alert>
      ) : !list ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="rounded" height={40} />
        </Stack>
      ) : list.length === 0 ? (
        <EmptyState icon={<CategoryOutlined fontSize="large" />}>
          No categories yet. Add some (formal, informal…) to ask for a minimum in each.
        </EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="CPD categories">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Minimum per cycle</TableCell>
                <TableCell align="right">Entries</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {c.minimum > 0 ? formatAmount(c.minimum, unit) : 'None'}
                  </TableCell>
                  <TableCell align="right">{c.entries.toLocaleString()}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      onClick={() => setEditing({ category: c })}
                      aria-haspopup="dialog"
                      aria-label={`Edit ${c.name}`}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      color="error"
                      onClick={() => {
                        remove.reset();
                        setDeleting(c);
                      }}
                      aria-haspopup="dialog"
                      aria-label={`Delete ${c.name}`}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CategoryDialog
        open={editing !== null}
        category={editing?.category ?? null}
        unit={unit}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete category?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error, CPD_MESSAGES.deleteFailed)}
          </Box>
        ) : deleting && deleting.entries > 0 ? (
          `“${deleting.name}” is deleted. Its ${deleting.entries.toLocaleString()} ${deleting.entries === 1 ? 'entry stays' : 'entries stay'} in the ledgers, uncategorised: they still count toward the target.`
        ) : (
          `“${deleting?.name ?? ''}” is deleted.`
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
