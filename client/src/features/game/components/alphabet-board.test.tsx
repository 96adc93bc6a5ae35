import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlphabetBoard, letterAfterKey } from './alphabet-board.tsx';

const letters = () =>
  within(screen.getByRole('toolbar', { name: 'Alphabet' })).getAllByRole('button');
/** The letter that has the focus, as its button shows it. */
const focused = () => document.activeElement?.textContent?.charAt(0);

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

  describe('for the keyboard', () => {
    function renderBetween(onCycle = vi.fn()) {
      render(
        <>
          <button type="button">Guess!</button>
          <AlphabetBoard marks={{}} onCycle={onCycle} />
          <button type="button">Options</button>
        </>,
      );
      return onCycle;
    }

    it('is one tab stop, not 26', async () => {
      const user = userEvent.setup();
      renderBetween();
      screen.getByRole('button', { name: 'Guess!' }).focus();
      await user.tab();
      expect(focused()).toBe('A');
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options' }));
      await user.tab({ shift: true });
      expect(focused()).toBe('A');
      expect(letters().filter((letter) => letter.tabIndex === 0)).toHaveLength(1);
    });

    it('moves with the arrow keys, Home and End, and Enter or Space cycles the mark', async () => {
      const user = userEvent.setup();
      const onCycle = renderBetween();
      screen.getByRole('button', { name: 'Guess!' }).focus();
      await user.tab();
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(focused()).toBe('C');
      // Seven letters a row here (the board measures its own grid in a browser).
      await user.keyboard('{ArrowDown}');
      expect(focused()).toBe('J');
      await user.keyboard('{ArrowUp}{ArrowLeft}');
      expect(focused()).toBe('B');
      await user.keyboard('{End}');
      expect(focused()).toBe('Z');
      await user.keyboard('{ArrowRight}');
      expect(focused()).toBe('A');
      await user.keyboard('{ArrowLeft}{Home}{ArrowDown}{ArrowDown}{ArrowDown}');
      expect(focused()).toBe('V');
      await user.keyboard('{ArrowDown}');
      expect(focused()).toBe('V');
      await user.keyboard('{Enter}');
      await user.keyboard(' ');
      expect(onCycle.mock.calls).toEqual([['v'], ['v']]);
      // Leaving and coming back finds the letter last used.
      await user.tab();
      await user.tab({ shift: true });
      expect(focused()).toBe('V');
      expect(
        letters()
          .filter((letter) => letter.tabIndex === 0)
          .map(letterOf),
      ).toEqual(['V']);
    });

    it('starts from a clicked letter', async () => {
      const user = userEvent.setup();
      renderBetween();
      await user.click(screen.getByRole('button', { name: 'M, not marked' }));
      await user.keyboard('{ArrowRight}');
      expect(focused()).toBe('N');
    });
  });

  it.each([
    ['ArrowRight', 6, 7],
    ['ArrowLeft', 7, 6],
    ['ArrowDown', 2, 11],
    ['ArrowDown', 20, 20],
    ['ArrowUp', 11, 2],
    ['ArrowUp', 5, 5],
    ['Home', 13, 0],
    ['End', 13, 25],
    ['a', 13, null],
  ])('%s from letter %i goes to %s, nine letters a row', (key, from, to) => {
    expect(letterAfterKey(key, from, 9)).toBe(to);
  });
});

function letterOf(button: HTMLElement): string | undefined {
  return button.textContent?.charAt(0);
}
