import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickPhrase, SaidEntry } from '@jotto/shared/phrase-schemas';
import { BUBBLE_MS } from '../game-phrases.ts';
import { PhraseBubbles } from './phrase-bubbles.tsx';

const said = (seq: number, from: string, phrase: QuickPhrase): SaidEntry => ({
  from,
  phrase,
  seq,
  at: '2026-11-28T12:00:00.000Z',
});

const mine = () => screen.getByTestId('my-phrase').textContent;
const theirs = () => screen.getByTestId('their-phrase').textContent;
const region = () => document.querySelector('[aria-live="polite"]')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('PhraseBubbles', () => {
  it('puts mine on my side and theirs on theirs (names in any case), each read out', () => {
    const { rerender } = render(
      <PhraseBubbles heard={[said(3, 'Alice', 'hello')]} after={2} myName="alice" muted={false} />,
    );
    expect(mine()).toBe('Hello!');
    expect(theirs()).toBe('');
    expect(region().textContent).toBe('Alice says: Hello!');
    rerender(
      <PhraseBubbles
        heard={[said(3, 'Alice', 'hello'), said(4, 'bob', 'thanks')]}
        after={2}
        myName="alice"
        muted={false}
      />,
    );
    expect(mine()).toBe('Hello!');
    expect(theirs()).toBe('Thanks!');
    expect(region().textContent).toBe('bob says: Thanks!');
  });

  it('shows nothing of what was said up to `after`, nor of a muted opponent', () => {
    render(
      <PhraseBubbles
        heard={[said(2, 'bob', 'hello'), said(5, 'bob', 'oops')]}
        after={2}
        myName="alice"
        muted
      />,
    );
    expect(theirs()).toBe('');
    expect(region().textContent).toBe('');
  });

  it('replaces a side’s bubble with a newer one, which has its own 4 seconds; the same phrase twice is read twice', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <PhraseBubbles heard={[said(1, 'bob', 'oops')]} after={0} myName="alice" muted={false} />,
    );
    const first = region().firstElementChild;
    act(() => {
      vi.advanceTimersByTime(BUBBLE_MS - 1000);
    });
    rerender(
      <PhraseBubbles
        heard={[said(1, 'bob', 'oops'), said(2, 'bob', 'oops')]}
        after={0}
        myName="alice"
        muted={false}
      />,
    );
    // A new element in the live region: announced again.
    expect(region().firstElementChild).not.toBe(first);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(theirs()).toBe('Oops!');
    act(() => {
      vi.advanceTimersByTime(BUBBLE_MS - 2000);
    });
    expect(theirs()).toBe('');
  });
});
