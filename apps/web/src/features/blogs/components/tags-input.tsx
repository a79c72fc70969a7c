import { BLOG_MAX_TAGS, blogTagError } from '@atrium/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A post's tags: type one and press Enter (or a comma); each is checked by the contract's rule as
 * it is added (lower-case, letters, digits, - and _), at most BLOG_MAX_TAGS. `known` suggests the
 * organisation's tags.
 */
export function TagsInput({
  value,
  onChange,
  known,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  known: readonly string[];
  error?: string;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const addAll = (raw: readonly string[]) => {
    const next = [...value];
    for (const candidate of raw) {
      const tag = candidate.trim().replace(/^#/, '').toLowerCase();
      if (!tag || next.includes(tag)) continue;
      const refused = blogTagError(tag);
      if (refused) {
        setProblem(`${refused} (“${tag}”)`);
        return;
      }
      if (next.length >= BLOG_MAX_TAGS) {
        setProblem(`At most ${BLOG_MAX_TAGS} tags.`);
        return;
      }
      next.push(tag);
    }
    setProblem(null);
    onChange(next);
  };

  const message = problem ?? error;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={known.filter((t) => !value.includes(t))}
      value={value}
      inputValue={text}
      onInputChange={(_e, next) => {
        // A comma ends a tag, as Enter does.
        if (next.includes(',')) {
          addAll(next.split(','));
          setText('');
        } else setText(next);
      }}
      onChange={(_e, next) => {
        const added = next.filter((t) => !value.includes(t));
        if (added.length === 0) {
          setProblem(null);
          onChange(next);
        } else addAll(added);
      }}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <Chip key={key} label={`#${tag}`} size="small" {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          placeholder={value.length < BLOG_MAX_TAGS ? 'Type a tag and press Enter' : undefined}
          error={Boolean(message)}
          helperText={message ?? `Up to ${BLOG_MAX_TAGS}: letters, digits, - and _.`}
          onBlur={() => {
            if (text.trim()) {
              addAll([text]);
              setText('');
            }
          }}
        />
      )}
    />
  );
}
