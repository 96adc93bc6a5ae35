import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm } from './confirm-provider.tsx';

/** Asks a question per button and shows each answer once it comes. */
function Asker() {
  const confirm = useConfirm();
  const [answers, setAnswers] = useState<string[]>([]);
  const ask = (question: string) => {
    void confirm(question).then((yes) => setAnswers((all) => [...all, `${question} ${yes}`]));
  };
  return (
    <>
      <button type="button" onClick={() => ask('Reset?')}>
        Ask reset
      </button>
      <button type="button" onClick={() => ask('Give up?')}>
        Ask give up
      </button>
      <output>{answers.join(', ')}</output>
    </>
  );
}

function renderConfirm() {
  render(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
  );
  const question = () => screen.queryByRole('alertdialog', { name: 'Jotto' });
  const answers = () => screen.getByRole('status').textContent;
  const ask = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
  return { question, answers, ask };
}

type Dismiss = (dialog: HTMLElement) => void;

describe('ConfirmProvider', () => {
  it('asks the question in a modal and resolves true for Yes', async () => {
    const { question, answers, ask } = renderConfirm();
    expect(question()).toBeNull();
    ask('Ask reset');
    within(question()!).getByText('Reset?');
    // Focus starts on the choice that changes nothing.
    expect(document.activeElement).toBe(
      within(question()!).getByRole('button', { name: 'Cancel' }),
    );
    fireEvent.click(within(question()!).getByRole('button', { name: 'Yes' }));
    expect(question()).toBeNull();
    await screen.findByText('Reset? true');
    expect(answers()).toBe('Reset? true');
  });

  it.each<[string, Dismiss]>([
    ['Cancel', (dialog) => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))],
    [
      'the close icon',
      (dialog) => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    ['the overlay', (dialog) => fireEvent.click(dialog)],
    ['Escape', (dialog) => fireEvent(dialog, new Event('cancel', { cancelable: true }))],
  ])('resolves false for %s', async (_how, dismiss) => {
    const { question, answers, ask } = renderConfirm();
    ask('Ask reset');
    dismiss(question()!);
    expect(question()).toBeNull();
    await screen.findByText('Reset? false');
    expect(answers()).toBe('Reset? false');
  });

  it('answers a question left open with false when a new one is asked', async () => {
    const { question, answers, ask } = renderConfirm();
    ask('Ask reset');
    ask('Ask give up');
    within(question()!).getByText('Give up?');
    fireEvent.click(within(question()!).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Reset? false, Give up? true');
    expect(answers()).toBe('Reset? false, Give up? true');
  });
});
