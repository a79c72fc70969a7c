import type { TScormSco } from '@atrium/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ScormToc } from './scorm-toc.tsx';

const sco = (identifier: string, position: number): TScormSco => ({
  id: position,
  identifier,
  title: identifier === 'intro' ? 'Playing the Game' : 'Etiquette',
  parent: null,
  depth: 0,
  position,
  launchable: true,
  scorm_type: 'sco',
  launch_url: `${identifier}.html`,
});

describe('ScormToc', () => {
  it('shows an item whose prerequisites are not met as disabled, with the reason', () => {
    const onSelect = vi.fn();
    render(
      <ScormToc
        entries={[
          { sco: sco('intro', 0), status: 'incomplete', seconds: 0, disabledReason: null },
          {
            sco: sco('etiquette', 1),
            status: 'not attempted',
            seconds: 0,
            disabledReason: 'Complete “Playing the Game” first.',
          },
        ]}
        groups={[]}
        current="intro"
        onSelect={onSelect}
      />,
    );
    const locked = screen.getByRole('button', { name: /Etiquette/ });
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    expect(locked.textContent).toContain('Complete “Playing the Game” first.');
    fireEvent.click(locked);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /^Playing the Game/ }));
    expect(onSelect).toHaveBeenCalledWith('intro');
  });
});
