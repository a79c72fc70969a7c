import type { TLearningPathDetail } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { SortableList } from '../../../../shared/ui/sortable-list.tsx';
import { useSaveStructure } from '../../api/paths.api.ts';
import {
  addCourse,
  type DraftElective,
  draftFromDetail,
  electiveProblems,
  newElectiveKey,
  removeCourse,
  removeElective,
  type StructureDraft,
  saveElective,
  saveErrors,
  structureBody,
  updateItem,
} from '../../structure/structure-model.ts';
import { AddCourseField } from './add-course-field.tsx';
import { ElectiveDialog } from './elective-dialog.tsx';
import { PrerequisitesDialog } from './prerequisites-dialog.tsx';
import { StructureItemRow } from './structure-item-row.tsx';

const PrerequisiteGraph = lazy(() => import('./prerequisite-graph.tsx'));

/**
 * The path's structure: courses in order (drag, keyboard or buttons), strict sequence, elective
 * sets and prerequisites, drawn as a graph too. Everything stays a draft until Save sends it
 * whole; a refusal (a cycle the server names) is shown above the list and the draft is kept.
 */
export function StructureEditor({ detail }: { detail: TLearningPathDetail }) {
  const [draft, setDraftState] = useState<StructureDraft>(() => draftFromDetail(detail));
  const [dirty, setDirty] = useState(false);
  const [prerequisitesOf, setPrerequisitesOf] = useState<number | null>(null);
  const [elective, setElective] = useState<DraftElective | null>(null);
  const save = useSaveStructure(detail.id);
  const readOnly = !detail.abilities.edit;

  // A refetch (another tab saved) replaces the draft only while nothing here is unsaved.
  useEffect(() => {
    if (!dirty) setDraftState(draftFromDetail(detail));
  }, [detail, dirty]);

  const change = (next: StructureDraft) => {
    setDraftState(next);
    setDirty(true);
  };
  const titleOf = (id: number) => draft.items.find((i) => i.id === id)?.title ?? 'a removed course';
  const problems = electiveProblems(draft);
  const submit = () =>
    save.mutate(structureBody(draft), {
      onSuccess: (saved) => {
        setDraftState(draftFromDetail(saved));
        setDirty(false);
      },
    });
  const discard = () => {
    save.reset();
    setDraftState(draftFromDetail(detail));
    setDirty(false);
  };
  const editing =
    prerequisitesOf === null ? null : draft.items.find((i) => i.id === prerequisitesOf);

  return (
    <Stack spacing={2.5}>
      <SectionCard
        title="Structure"
        subtitle="The courses of the path, in the order learners should take them."
      >
        <Stack spacing={2}>
          {save.isError && (
            <Alert severity="error" role="alert">
              <AlertTitle>The structure was not saved</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {saveErrors(save.error).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            </Alert>
          )}
          {problems.length > 0 && (
            <Alert severity="warning">
              {problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={draft.strict}
                disabled={readOnly}
                onChange={(event) => change({ ...draft, strict: event.target.checked })}
              />
            }
            label="Strict sequence: each course requires the one before it"
          />
          {!readOnly && (
            <AddCourseField
              organisationId={detail.organization}
              taken={draft.items.map((i) => i.id)}
              onAdd={(course) => change(addCourse(draft, course))}
            />
          )}
          {draft.items.length === 0 ? (
            <EmptyState icon={<RouteOutlined fontSize="large" />}>
              No courses yet. Add the first one above.
            </EmptyState>
          ) : (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <SortableList
                items={draft.items}
                label="Courses of the path"
                nameOf={(item) => item.title}
                disabled={readOnly}
                onReorder={(items) => change({ ...draft, items })}
                renderItem={(item, index) => (
                  <StructureItemRow
                    item={item}
                    index={index}
                    titleOf={titleOf}
                    electives={draft.electives}
                    readOnly={readOnly}
                    onElective={(key) => change(updateItem(draft, item.id, { elective: key }))}
                    onPrerequisites={() => setPrerequisitesOf(item.id)}
                    onRemove={() => change(removeCourse(draft, item.id))}
                  />
                )}
              />
            </Box>
          )}
          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                Elective sets
              </Typography>
              {!readOnly && (
                <Button
                  size="small"
                  startIcon={<AddOutlined />}
                  disabled={draft.items.length < 2}
                  onClick={() =>
                    setElective({ key: newElectiveKey(draft), title: '', required: 1 })
                  }
                >
                  New elective set
                </Button>
              )}
            </Stack>
            {draft.electives.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Every course is required. An elective set lets learners choose, e.g. any 2 of 4.
              </Typography>
            ) : (
              <Stack spacing={1}>
                {draft.electives.map((e) => {
                  const size = draft.items.filter((i) => i.elective === e.key).length;
                  return (
                    <Stack key={e.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Chip
                        color="secondary"
                        size="small"
                        label={`Choose ${e.required} of ${size}`}
                      />
                      <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                        {e.title}
                      </Typography>
                      {!readOnly && (
                        <>
                          <IconButton
                            size="small"
                            aria-label={`Edit ${e.title}`}
                            onClick={() => setElective(e)}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={`Delete ${e.title}`}
                            onClick={() => change(removeElective(draft, e.key))}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </>
                      )}
                    </Stack>
                  );
                })}
              </Stack>
            )}
          </Box>
          {!readOnly && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {dirty && (
                <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
                  Unsaved changes
                </Typography>
              )}
              <Button color="inherit" onClick={discard} disabled={!dirty || save.isPending}>
                Discard changes
              </Button>
              <Button
                variant="contained"
                onClick={submit}
                loading={save.isPending}
                disabled={!dirty}
              >
                Save structure
              </Button>
            </Stack>
          )}
        </Stack>
      </SectionCard>
      {draft.items.length > 0 && (
        <SectionCard
          title="Prerequisite graph"
          subtitle="Left to right: a course waits for the ones linked into it. Dashed links come from strict sequence."
        >
          <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
            <PrerequisiteGraph
              draft={draft}
              readOnly={readOnly}
              onConnect={(from, to) => {
                const target = draft.items.find((i) => i.id === to);
                if (target && !target.requires.includes(from)) {
                  change(updateItem(draft, to, { requires: [...target.requires, from] }));
                }
              }}
            />
          </Suspense>
        </SectionCard>
      )}
      {editing && (
        <PrerequisitesDialog
          item={editing}
          items={draft.items}
          strict={draft.strict}
          onClose={() => setPrerequisitesOf(null)}
          onSave={(requires) => {
            change(updateItem(draft, editing.id, { requires }));
            setPrerequisitesOf(null);
          }}
        />
      )}
      {elective && (
        <ElectiveDialog
          elective={elective}
          items={draft.items}
          onClose={() => setElective(null)}
          onSave={(next, courses) => {
            change(saveElective(draft, next, courses));
            setElective(null);
          }}
        />
      )}
    </Stack>
  );
}
