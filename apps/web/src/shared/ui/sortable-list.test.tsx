import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SortableList } from './sortable-list.tsx';

const items = [
  { id: 1, title: 'Intro' },
  { id: 2, title: 'Basics' },
  { id: 3, title: 'Wrap-up' },
];

function renderList(onReorder = vi.fn(), disabled = false) {
  render(
    <SortableList
      label="Modules in order"
      items={items}
      nameOf={(item) => item.title}
      onReorder={onReorder}
      disabled={disabled}
      renderItem={(item) => <span>{item.title}</span>}
    />,
  );
  return onReorder;
}

describe('SortableList', () => {
  it('moves an item with the up and down buttons', () => {
    const onReorder = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Move Basics up' }));
    expect(onReorder).toHaveBeenLastCalledWith([items[1], items[0], items[2]]);
    fireEvent.click(screen.getByRole('button', { name: 'Move Basics down' }));
    expect(onReorder).toHaveBeenLastCalledWith([items[0], items[2], items[1]]);
  });

  it('cannot move the first item up or the last one down', () => {
    renderList();
    expect(screen.getByRole('button', { name: 'Move Intro up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Wrap-up down' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows a read-only list without handles or buttons', () => {
    renderList(vi.fn(), true);
    const list = screen.getByRole('list', { name: 'Modules in order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
  });
});
