import type { TWallPerson } from '@atrium/contract';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useMentionSuggestions } from '../../api/composer.api.ts';
import { insertMention, mentionAtCaret } from '../../wall-text.ts';
import { PersonAvatar } from '../person-avatar.tsx';

export const MENTION_DEBOUNCE_MS = 250;

/**
 * A multiline text field that suggests people while an `@name` is typed before the caret:
 * ArrowDown/ArrowUp move through them, Enter or Tab picks one (inserted as `@username `), Escape
 * closes the list and keeps the text. The textarea keeps the focus all along (active descendant).
 */
export function MentionField({
  label,
  value,
  onChange,
  error,
  helperText,
  placeholder,
  minRows = 3,
  disabled,
  autoFocus,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  minRows?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  // The highlighted suggestion, kept per search: a new list starts at its first person.
  const [highlight, setHighlight] = useState({ search: '', index: 0 });
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();

  const mention = mentionAtCaret(value, caret);
  const search = useDebouncedValue(mention?.query ?? '', MENTION_DEBOUNCE_MS);
  const suggestions = useMentionSuggestions(mention ? search : '');
  const people: TWallPerson[] = mention && search ? (suggestions.data ?? []) : [];
  const open = mention !== null && dismissed !== mention.start && people.length > 0;

  const active = highlight.search === search ? highlight.index : 0;
  const setActive = (next: (i: number) => number) => setHighlight({ search, index: next(active) });
  // After a pick, the caret goes after the inserted name (the new value has rendered by then).
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !field.current) return;
    field.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  });

  const pick = (person: TWallPerson) => {
    if (!mention) return;
    const next = insertMention(value, mention, person.username);
    pendingCaret.current = next.caret;
    onChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    const count = people.length;
    if (event.key === 'ArrowDown') setActive((i) => (i + 1) % count);
    else if (event.key === 'ArrowUp') setActive((i) => (i - 1 + count) % count);
    else if (event.key === 'Enter' || event.key === 'Tab') pick(people[active] ?? people[0]!);
    else if (event.key === 'Escape') setDismissed(mention.start);
    else return;
    event.preventDefault();
    // Escape must not also close a dialog the field sits in.
    event.stopPropagation();
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <>
      <TextField
        label={label}
        multiline
        minRows={minRows}
        fullWidth
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        error={error}
        helperText={helperText}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
        }}
        onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        inputRef={(node: HTMLTextAreaElement | null) => {
          field.current = node;
          if (typeof inputRef === 'function') inputRef(node);
          else if (inputRef) inputRef.current = node;
        }}
        slotProps={{
          htmlInput: {
            'aria-autocomplete': 'list',
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open ? optionId(active) : undefined,
          },
        }}
      />
      <Popper
        open={open}
        anchorEl={field.current}
        placement="bottom-start"
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      >
        <Paper elevation={8} sx={{ maxWidth: 'min(360px, calc(100vw - 32px))' }}>
          <MenuList
            id={listId}
            role="listbox"
            aria-label="People to mention"
            dense
            autoFocusItem={false}
          >
            {people.map((person, i) => (
              <MenuItem
                key={person.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                selected={i === active}
                tabIndex={-1}
                // Keeps the focus (and the caret) in the textarea.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
              >
                <ListItemAvatar sx={{ minWidth: 40 }}>
                  <PersonAvatar person={person} size={28} />
                </ListItemAvatar>
                <ListItemText primary={person.fullname} secondary={`@${person.username}`} />
              </MenuItem>
            ))}
          </MenuList>
        </Paper>
      </Popper>
    </>
  );
}
