import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RulesPage } from './rules-page.tsx';

describe('RulesPage', () => {
  it('says what the game is: a secret 5-letter word, and how many letters match', () => {
    render(<RulesPage />);
    screen.getByRole('heading', { name: 'Rules', level: 1 });
    screen.getByText(
      /^Guess a secret 5-letter word\. After each guess you are told how many letters match\./,
    );
    screen.getByText(/An alphabet at the top helps keep track/);
  });

  it('shows the example: secret hello, guess world, 2 matches', () => {
    render(<RulesPage />);
    screen.getByRole('heading', { name: 'Example' });
    const example = screen.getAllByRole('term')[0]!.closest('dl')!;
    const pairs = within(example)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Secret', 'hello'],
      ['Guess', 'world'],
      ['Matches', '2'],
    ]);
    screen.getByText(/give 2 matches: one L and one O/);
  });
});
