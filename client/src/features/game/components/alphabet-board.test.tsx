import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlphabetBoard } from './alphabet-board.tsx';

const letters = () =>
  within(screen.getByRole('region', { name: 'Alphabet' })).getAllByRole('button');

describe('AlphabetBoard', () => {
  it('shows the 26 letters A to Z in order, unmarked', () => {
    render(<AlphabetBoard marks={{}} onCycle={() => {}} />);
    const buttons = letters();
    expect(buttons.map((b) => b.textContent)).toEqual(
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => letter),
    );
    expect(buttons[0]!.getAttribute('aria-label')).toBe('A, not marked');
  });

  it('names each mark and shows a symbol for it, not only a colour', () => {
    render(<AlphabetBoard marks={{ a: 'bad', e: 'maybe', s: 'good' }} onCycle={() => {}} />);
    const symbol = (name: string) => screen.getByRole('button', { name }).textContent.slice(1);
    expect(symbol('A, marked bad')).toBe('✕');
    expect(symbol('E, marked maybe')).toBe('?');
    expect(symbol('S, marked good')).toBe('✓');
    expect(symbol('B, not marked')).toBe('');
    const classes = new Set(
      ['A, marked bad', 'E, marked maybe', 'S, marked good', 'B, not marked'].map(
        (name) => screen.getByRole('button', { name }).className,
      ),
    );
    expect(classes.size).toBe(4);
  });

  it('hands the clicked letter to the callback, which cycles it', () => {
    const onCycle = vi.fn();
    render(<AlphabetBoard marks={{}} onCycle={onCycle} />);
    fireEvent.click(screen.getByRole('button', { name: 'Q, not marked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Z, not marked' }));
    expect(onCycle.mock.calls).toEqual([['q'], ['z']]);
  });
});
