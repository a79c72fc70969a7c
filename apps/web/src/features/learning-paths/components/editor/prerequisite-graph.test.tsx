import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftFromDetail } from '../../structure/structure-model.ts';
import { makeDetail } from '../../test-paths.ts';
import PrerequisiteGraph from './prerequisite-graph.tsx';

beforeEach(() => {
  // xyflow watches its container's size; jsdom has no layout, so nothing is ever reported.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('PrerequisiteGraph', () => {
  it('draws a node per course with its elective set', () => {
    const detail = makeDetail({ electives: [{ id: 4, title: 'Pick one', required: 1 }] });
    const draft = draftFromDetail({
      ...detail,
      items: detail.items.map((i) => (i.id === 12 ? { ...i, elective_group: 4 } : i)),
    });
    render(<PrerequisiteGraph draft={draft} readOnly onConnect={() => {}} />);
    expect(screen.getByRole('group', { name: /Prerequisite graph/ })).toBeTruthy();
    expect(screen.getByText('Safety basics')).toBeTruthy();
    expect(screen.getByText('First aid · Pick one')).toBeTruthy();
    expect(screen.getByText('Fire drill')).toBeTruthy();
  });
});
