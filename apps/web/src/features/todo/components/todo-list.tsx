import type { TTodoItem, TTodoKinds } from '@atrium/contract';
import Stack from '@mui/material/Stack';
import { TodoRow } from './todo-row.tsx';

/** The items as a list, each with its kind's label (the server's, or the kind itself). */
export function TodoList({
  items,
  kinds,
  labelledBy,
}: {
  items: TTodoItem[];
  kinds: TTodoKinds | undefined;
  labelledBy: string;
}) {
  const labelOf = (kind: string) => kinds?.find((k) => k.kind === kind)?.label ?? kind;
  return (
    <Stack component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <TodoRow key={item.id} item={item} kindLabel={labelOf(item.kind)} />
      ))}
    </Stack>
  );
}
