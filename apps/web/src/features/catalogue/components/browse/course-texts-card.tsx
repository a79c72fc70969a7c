import { plainTextError } from '@atrium/contract';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { COURSE_TEXT_KEYS, useCourseTexts, useSaveCourseTexts } from '../../api/settings.api.ts';

const MAX = 1000;

/** Admins write the catalogue introduction and the completion message of their organisation. */
export function CourseTextsCard() {
  const texts = useCourseTexts();
  const save = useSaveCourseTexts();
  const [intro, setIntro] = useState('');
  const [completion, setCompletion] = useState('');
  useEffect(() => {
    if (!texts.data) return;
    setIntro(texts.data[COURSE_TEXT_KEYS.catalogueIntro] ?? '');
    setCompletion(texts.data[COURSE_TEXT_KEYS.completionMessage] ?? '');
  }, [texts.data]);
  const introError = plainTextError(intro);
  const completionError = plainTextError(completion);
  const dirty =
    texts.data !== undefined &&
    (intro !== (texts.data[COURSE_TEXT_KEYS.catalogueIntro] ?? '') ||
      completion !== (texts.data[COURSE_TEXT_KEYS.completionMessage] ?? ''));

  return (
    <SectionCard
      title="Course texts"
      subtitle="What learners read above the catalogue and when they complete a course."
    >
      {texts.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({
              [COURSE_TEXT_KEYS.catalogueIntro]: intro,
              [COURSE_TEXT_KEYS.completionMessage]: completion,
            });
          }}
        >
          <TextField
            label="Catalogue introduction"
            value={intro}
            onChange={(event) => setIntro(event.target.value.slice(0, MAX))}
            multiline
            minRows={2}
            error={Boolean(introError)}
            helperText={
              introError ?? `Shown at the top of the course catalogue. ${intro.length}/${MAX}`
            }
          />
          <TextField
            label="Completion message"
            value={completion}
            onChange={(event) => setCompletion(event.target.value.slice(0, MAX))}
            multiline
            minRows={2}
            error={Boolean(completionError)}
            helperText={
              completionError ??
              `Shown to a learner who completes a course. ${completion.length}/${MAX}`
            }
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!dirty || Boolean(introError || completionError)}
              loading={save.isPending}
            >
              Save texts
            </Button>
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
