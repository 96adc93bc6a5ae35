import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlaySending } from '../hooks/use-play.ts';
import { GuessForm, JOKE_ANSWER, JOKE_PHRASE } from './guess-form.tsx';

function renderForm({ busy = false } = {}) {
  const onGuess = vi.fn((_word: string): PlaySending =>
    Promise.resolve<'reached' | 'unreachable'>('reached'),
  );
  const onProblem = vi.fn();
  const view = render(<GuessForm onGuess={onGuess} onProblem={onProblem} busy={busy} />);
  const input = screen.getByLabelText<HTMLInputElement>('Your guess');
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  const rerender = (next: { busy: boolean }) =>
    view.rerender(<GuessForm onGuess={onGuess} onProblem={onProblem} busy={next.busy} />);
  return { onGuess, onProblem, input, type, rerender };
}

const clickGuess = () => fireEvent.click(screen.getByRole('button', { name: 'Guess!' }));
/** Enter in the input submits the form. */
const pressEnter = () => fireEvent.submit(screen.getByRole('form', { name: 'Guess' }));

describe('GuessForm', () => {
  it('sends the word lowercased with Guess!, and clears the input', () => {
    const { onGuess, onProblem, input, type } = renderForm();
    type('CrAnE');
    clickGuess();
    expect(onGuess).toHaveBeenCalledExactlyOnceWith('crane');
    expect(onProblem).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('sends with Enter too', () => {
    const { onGuess, type } = renderForm();
    type('plumb');
    pressEnter();
    expect(onGuess).toHaveBeenCalledExactlyOnceWith('plumb');
  });

  it.each(['four', 'sixsix', '', 'ab'])(
    'refuses %j with the wrong-length alert, shakes the input and sends nothing',
    (word) => {
      const { onGuess, onProblem, input, type } = renderForm();
      expect(input.getAttribute('aria-invalid')).toBeNull();
      const before = input.className;
      type(word);
      clickGuess();
      expect(onProblem).toHaveBeenCalledExactlyOnceWith(
        'lets do this together.. 1... 2... 3... 4... 5!',
      );
      expect(onGuess).not.toHaveBeenCalled();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.className).not.toBe(before);
      expect(input.className).toMatch(/shake/);
      // The player's text stays, to be corrected.
      expect(input.value).toBe(word);
    },
  );

  it('stops shaking when the animation ends, so the next mistake shakes again', () => {
    const { input, type } = renderForm();
    type('four');
    clickGuess();
    fireEvent.animationEnd(input);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).not.toMatch(/shake/);
    clickGuess();
    expect(input.className).toMatch(/shake/);
  });

  it('lets giveup through although it has six letters', () => {
    const { onGuess, onProblem, type } = renderForm();
    type('GiveUp');
    clickGuess();
    expect(onGuess).toHaveBeenCalledExactlyOnceWith('giveup');
    expect(onProblem).not.toHaveBeenCalled();
  });

  it('answers the secret phrase with a joke and sends nothing', () => {
    const { onGuess, onProblem, input, type } = renderForm();
    type(JOKE_PHRASE.toUpperCase());
    clickGuess();
    expect(onProblem).toHaveBeenCalledExactlyOnceWith(JOKE_ANSWER);
    expect(onGuess).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('sends nothing while a guess is in flight, and keeps the text', () => {
    const { onGuess, onProblem, input, type } = renderForm({ busy: true });
    type('crane');
    clickGuess();
    pressEnter();
    expect(onGuess).not.toHaveBeenCalled();
    expect(onProblem).not.toHaveBeenCalled();
    expect(input.value).toBe('crane');
    expect(screen.getByRole('button', { name: 'Guess!' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('has the focus from the start, and again when the answer comes', () => {
    const { input, rerender } = renderForm();
    expect(document.activeElement).toBe(input);
    rerender({ busy: true });
    input.blur();
    expect(document.activeElement).not.toBe(input);
    rerender({ busy: false });
    expect(document.activeElement).toBe(input);
  });
});
