import { BLANK_MARKER, OPTION_ID } from '@atrium/contract';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { htmlSx } from './question-html.tsx';
import type { TypeProps } from './question-model.ts';

/** The text's HTML with an empty slot where each `[[id]]` marker is (ids are checked first). */
export function withBlankSlots(text: string): string {
  return text.replace(BLANK_MARKER, (marker, id: string) =>
    OPTION_ID.test(id) ? `<span data-blank="${id}"></span>` : marker,
  );
}

function BlankInput({
  id,
  number,
  value,
  solution,
  readOnly,
  onChange,
}: {
  id: string;
  number: number;
  value: string;
  solution: string | null;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  const wrong = solution !== null && value.trim() !== solution.trim();
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.5, mx: 0.5 }}
    >
      <InputBase
        value={value}
        onChange={(e) => onChange(e.target.value)}
        readOnly={readOnly}
        inputProps={{ 'aria-label': `Blank ${number}`, maxLength: 1000, 'data-blank-input': id }}
        sx={{
          px: 1,
          minWidth: 90,
          width: `${Math.max(8, value.length + 2)}ch`,
          maxWidth: '100%',
          borderBottom: 2,
          borderColor: solution === null ? 'primary.main' : wrong ? 'error.main' : 'success.main',
          bgcolor: 'action.hover',
          borderRadius: '4px 4px 0 0',
        }}
      />
      {wrong && (
        <Typography component="span" variant="body2" sx={{ color: 'success.main' }}>
          ({solution})
        </Typography>
      )}
    </Box>
  );
}

/**
 * Inputs inline in the text: the HTML is rendered once with empty slots where the blanks go, and
 * each input is portalled into its slot, so the server's markup stays whole around them.
 */
export function FillInBlanksQuestion({
  view,
  answer,
  onChange,
  readOnly,
  solution,
  labelId,
}: TypeProps<'fill_in_blanks'>) {
  const html = useMemo(() => withBlankSlots(view.text), [view.text]);
  const host = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<Map<string, HTMLElement>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slots are new DOM nodes whenever the HTML changes
  useLayoutEffect(() => {
    const found = new Map<string, HTMLElement>();
    for (const el of host.current?.querySelectorAll<HTMLElement>('[data-blank]') ?? []) {
      const id = el.dataset.blank;
      if (id && !found.has(id)) found.set(id, el);
    }
    setSlots(found);
  }, [html]);
  const blanks = answer?.blanks ?? {};
  const set = (id: string, text: string) =>
    onChange({ type: 'fill_in_blanks', blanks: { ...blanks, [id]: text } });
  const input = (id: string, index: number) => (
    <BlankInput
      key={id}
      id={id}
      number={index + 1}
      value={blanks[id] ?? ''}
      solution={solution ? (solution.blanks[id] ?? null) : null}
      readOnly={readOnly}
      onChange={(t) => set(id, t)}
    />
  );
  // Blanks the text does not place (it should place them all) still get an input below it.
  const unplaced = view.blanks.filter((b) => !slots.has(b.id));
  return (
    <Stack role="group" aria-labelledby={labelId} sx={{ gap: 1 }}>
      <Box
        ref={host}
        sx={{ ...htmlSx, lineHeight: 2.2 }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4); only empty slots are added
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {view.blanks.map((b, i) => {
        const slot = slots.get(b.id);
        return slot ? createPortal(input(b.id, i), slot, b.id) : null;
      })}
      {slots.size > 0 || view.blanks.length === 0
        ? unplaced.map((b) => input(b.id, view.blanks.indexOf(b)))
        : view.blanks.map((b, i) => input(b.id, i))}
    </Stack>
  );
}
