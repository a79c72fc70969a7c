import type { TQuestionDefinition } from '@atrium/contract';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import {
  ChoiceEditor,
  NumericEditor,
  ShortAnswerEditor,
  TrueFalseEditor,
} from './choice-editors.tsx';
import type { EditorErrors } from './definition-model.ts';
import { NumberField } from './editor-parts.tsx';
import { BlanksEditor, MatchingEditor, OrderingEditor } from './list-editors.tsx';
import { EssayEditor, FileUploadEditor } from './manual-editors.tsx';
import { questionTextImages } from './question-images.ts';

/* What every type shares (points, stem, feedback) around the type's own editor. */

function TypeEditor({
  value,
  onChange,
  errors,
}: {
  value: TQuestionDefinition;
  onChange: (next: TQuestionDefinition) => void;
  errors: EditorErrors;
}) {
  switch (value.type) {
    case 'single_choice':
      return <ChoiceEditor value={value} onChange={onChange} errors={errors} />;
    case 'multiple_choice':
      return <ChoiceEditor value={value} onChange={onChange} errors={errors} />;
    case 'true_false':
      return <TrueFalseEditor value={value} onChange={onChange} errors={errors} />;
    case 'short_answer':
      return <ShortAnswerEditor value={value} onChange={onChange} errors={errors} />;
    case 'numeric':
      return <NumericEditor value={value} onChange={onChange} errors={errors} />;
    case 'matching':
      return <MatchingEditor value={value} onChange={onChange} errors={errors} />;
    case 'ordering':
      return <OrderingEditor value={value} onChange={onChange} errors={errors} />;
    case 'fill_in_blanks':
      return <BlanksEditor value={value} onChange={onChange} errors={errors} />;
    case 'essay':
      return <EssayEditor value={value} onChange={onChange} errors={errors} />;
    case 'file_upload':
      return <FileUploadEditor value={value} onChange={onChange} errors={errors} />;
  }
}

const FEEDBACK = [
  ['general', 'General feedback (shown after answering)'],
  ['correct', 'Feedback when fully right'],
  ['incorrect', 'Feedback otherwise'],
] as const;

export function DefinitionEditor({
  value,
  onChange,
  errors,
}: {
  value: TQuestionDefinition;
  onChange: (next: TQuestionDefinition) => void;
  errors: EditorErrors;
}) {
  const hasFeedback = FEEDBACK.some(([key]) => value.feedback[key].trim() !== '');
  return (
    <Stack spacing={2.5}>
      <NumberField
        label="Points"
        value={value.points}
        onNumber={(points) => onChange({ ...value, points })}
        error={errors['definition.points']}
        slotProps={{ htmlInput: { min: 0.01, step: 'any' } }}
        sx={{ maxWidth: 200 }}
      />
      <RichTextField
        label="Question text"
        value={value.stem}
        onChange={(stem) => onChange({ ...value, stem })}
        error={errors['definition.stem']}
        helperText={
          'Images: use Insert image in the toolbar, or paste or drop an image here. Maths: TeX between \\( and \\) within a line, or between \\[ and \\] on a line of its own; the preview shows it rendered.'
        }
        images={questionTextImages}
      />
      <TypeEditor value={value} onChange={onChange} errors={errors} />
      <Accordion
        defaultExpanded={hasFeedback}
        disableGutters
        variant="outlined"
        sx={{ '&::before': { display: 'none' } }}
      >
        <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
          <Typography>Feedback</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={2}>
            {FEEDBACK.map(([key, label]) => (
              <RichTextField
                key={key}
                label={label}
                value={value.feedback[key]}
                onChange={(html) =>
                  onChange({ ...value, feedback: { ...value.feedback, [key]: html } })
                }
                error={errors[`definition.feedback.${key}`]}
                images={questionTextImages}
              />
            ))}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
