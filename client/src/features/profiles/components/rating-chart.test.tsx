import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingHistoryEntry } from '@jotto/shared/rating-schemas';
import { describeRatings, RATING_CHART_TITLE, RatingChart } from './rating-chart.tsx';

const entry = (gameId: number, value: number, deviation: number): RatingHistoryEntry => ({
  gameId,
  at: new Date(Date.UTC(2026, 2, gameId, 10)).toISOString(),
  value,
  deviation,
});

const pointYs = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-point]')].map((point) => Number(point.getAttribute('cy')));

describe('RatingChart', () => {
  it('is an image with a title and a description, its numbers in a table', () => {
    render(<RatingChart history={[entry(1, 1662, 290), entry(2, 1540, 240)]} />);
    const image = screen.getByRole('img', { name: RATING_CHART_TITLE });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(document.getElementById(image.getAttribute('aria-describedby')!)!.textContent).toBe(
      describeRatings([entry(1, 1662, 290), entry(2, 1540, 240)]),
    );
    screen.getByRole('table', { name: RATING_CHART_TITLE });
  });

  it('draws one point per game, higher ratings higher up, inside the deviation band', () => {
    const history = [entry(1, 1500, 300), entry(2, 1700, 200), entry(3, 1600, 100)];
    const { container } = render(<RatingChart history={history} />);
    const [first, second, third] = pointYs(container);
    expect(pointYs(container)).toHaveLength(3);
    // SVG's y grows downwards: 1700 is above 1600, which is above 1500.
    expect(second!).toBeLessThan(third!);
    expect(third!).toBeLessThan(first!);
    const band = container.querySelector('path[data-band]')!.getAttribute('d')!;
    const bandYs = [...band.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => Number(m[2]));
    expect(Math.min(...bandYs)).toBeLessThan(second!);
    expect(Math.max(...bandYs)).toBeGreaterThan(first!);
  });

  it('draws a single game as one point with its band', () => {
    const { container } = render(<RatingChart history={[entry(1, 1662, 290)]} />);
    expect(pointYs(container)).toHaveLength(1);
    expect(container.querySelector('line[data-band]')).not.toBeNull();
    expect(describeRatings([entry(1, 1662, 290)])).toBe('1 rated game: 1662, deviation 290.');
  });

  it('leaves the markers out of a long history, keeping the line and the table', () => {
    const history = Array.from({ length: 100 }, (_, i) => entry(i + 1, 1500 + (i % 7) * 10, 60));
    const { container } = render(<RatingChart history={history} />);
    expect(pointYs(container)).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(101);
  });
});
