import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  type AnalysisSeries,
  cutMostIndex,
  formatCount,
  type AnalysisStep,
} from '../analysis-view.ts';
import styles from './candidates-chart.module.css';

// Plain SVG rather than a charting library: two lines of at most 20 points need a scale, a
// path and a few labels (this file), while the libraries that draw SVG cost 15 to 100 KB
// gzipped, and this way the accessible markup (title, description, table) is ours to shape.
// The drawing is as wide as its box in CSS pixels (measured), so its text keeps the page's size
// at every width instead of shrinking with the picture on a phone.
const DEFAULT_WIDTH = 560;
const MIN_WIDTH = 280;
const HEIGHT = 240;
const PAD = { top: 12, right: 16, bottom: 44, left: 60 };
const PLOT_HEIGHT = HEIGHT - PAD.top - PAD.bottom;

export const CHART_TITLE = 'Words still possible after each guess';

/** The width of the element in CSS pixels, followed as it changes (the fallback until known). */
function useMeasuredWidth<E extends Element>(fallback: number): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** 1, 10, 100, … up to `top`. */
function powersOfTen(top: number): number[] {
  const ticks: number[] = [];
  for (let value = 1; value <= top; value *= 10) ticks.push(value);
  return ticks;
}

/** Guess numbers to label on the x axis: every one if they are 24 px apart or more, else fewer. */
function guessTicks(last: number, plotWidth: number): number[] {
  const fit = Math.max(1, Math.floor(plotWidth / 24));
  const step = [1, 2, 5, 10].find((candidate) => last / candidate <= fit) ?? 20;
  const ticks: number[] = [];
  for (let k = 0; k <= last; k += step) ticks.push(k);
  return ticks;
}

/** One sentence per line for the description: where it starts, ends, and drops the most. */
function describeSeries(start: number, series: AnalysisSeries): string {
  const { steps } = series;
  if (steps.length === 0) return `${series.name}: no guesses.`;
  const last = steps.at(-1)!.candidatesLeft;
  const cut = cutMostIndex(start, steps)!;
  return `${series.name}: ${formatCount(last)} left after ${steps.length} ${
    steps.length === 1 ? 'guess' : 'guesses'
  }; guess ${cut + 1}, ${steps[cut]!.word.toUpperCase()}, cut the most.`;
}

/**
 * The candidates left after each guess, one line per player, on a logarithmic scale (from
 * the whole secret list down to 1, each power of ten an equal step, so a guess that halves
 * 1,000 words looks like one that halves 10). An SVG image with a title and a description,
 * the numbers in a table for screen readers, and a legend in which the lines differ by dash
 * and marker as well as colour.
 */
export function CandidatesChart({
  start,
  series,
}: {
  /** The candidates before any guess (the whole secret list). */
  start: number;
  series: readonly AnalysisSeries[];
}) {
  const titleId = useId();
  const descriptionId = useId();
  const [figureRef, width] = useMeasuredWidth<HTMLElement>(DEFAULT_WIDTH);
  const plotWidth = width - PAD.left - PAD.right;
  const lastGuess = Math.max(1, ...series.map((s) => s.steps.length));
  const topExponent = Math.log10(Math.max(start, 10));
  const x = (guess: number) => PAD.left + (guess / lastGuess) * plotWidth;
  const y = (count: number) =>
    PAD.top + (1 - Math.log10(Math.max(count, 1)) / topExponent) * PLOT_HEIGHT;

  return (
    <figure className={styles.figure} ref={figureRef}>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <title id={titleId}>{CHART_TITLE}</title>
        <desc id={descriptionId}>
          {`Logarithmic scale. ${formatCount(start)} possible words at the start. `}
          {series.map((s) => describeSeries(start, s)).join(' ')}
        </desc>
        <g className={styles.axis}>
          {powersOfTen(start).map((value) => (
            <g key={value}>
              <line
                className={styles.gridLine}
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(value)}
                y2={y(value)}
              />
              <text x={PAD.left - 8} y={y(value)} textAnchor="end" dominantBaseline="middle">
                {formatCount(value)}
              </text>
            </g>
          ))}
          {guessTicks(lastGuess, plotWidth).map((guess) => (
            <text key={guess} x={x(guess)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
              {guess}
            </text>
          ))}
          <text x={PAD.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
            Guess
          </text>
          <text
            transform={`translate(14 ${PAD.top + PLOT_HEIGHT / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            Words left (log)
          </text>
        </g>
        {series.map((s) => (
          <SeriesLine key={s.kind} series={s} start={start} x={x} y={y} />
        ))}
      </svg>
      <figcaption className={styles.legend}>
        <ul>
          {series.map((s) => (
            <li key={s.kind} className={styles[s.kind]}>
              <svg className={styles.swatch} viewBox="0 0 32 12" aria-hidden="true">
                <line className={styles.line} x1="2" x2="30" y1="6" y2="6" />
                <Marker kind={s.kind} cx={16} cy={6} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
      <NumbersTable start={start} series={series} lastGuess={lastGuess} />
    </figure>
  );
}

function SeriesLine({
  series,
  start,
  x,
  y,
}: {
  series: AnalysisSeries;
  start: number;
  x: (guess: number) => number;
  y: (count: number) => number;
}) {
  const points = [start, ...series.steps.map((step) => step.candidatesLeft)].map(
    (count, guess) => `${x(guess).toFixed(1)},${y(count).toFixed(1)}`,
  );
  const cut = cutMostIndex(start, series.steps);
  return (
    <g className={styles[series.kind]} data-series={series.kind}>
      <path className={styles.line} d={`M${points.join('L')}`} />
      {series.steps.map((step, index) => (
        <g key={step.word} data-point={index + 1}>
          {index === cut && (
            <circle
              className={styles.ring}
              cx={x(index + 1)}
              cy={y(step.candidatesLeft)}
              r={9}
              data-cut-most
            />
          )}
          <Marker kind={series.kind} cx={x(index + 1)} cy={y(step.candidatesLeft)} />
        </g>
      ))}
    </g>
  );
}

/** Mine a circle, the opponent's a square: the two lines differ in shape, not just colour. */
function Marker({ kind, cx, cy }: { kind: AnalysisSeries['kind']; cx: number; cy: number }) {
  return kind === 'mine' ? (
    <circle className={styles.marker} cx={cx} cy={cy} r={4} />
  ) : (
    <rect className={styles.marker} x={cx - 4} y={cy - 4} width={8} height={8} />
  );
}

/** The chart's numbers for screen readers: one row per guess, one column per player. */
function NumbersTable({
  start,
  series,
  lastGuess,
}: {
  start: number;
  series: readonly AnalysisSeries[];
  lastGuess: number;
}) {
  const cell = (steps: readonly AnalysisStep[], guess: number) => {
    const step = steps[guess - 1];
    return step ? `${formatCount(step.candidatesLeft)} (${step.word.toUpperCase()})` : 'no guess';
  };
  return (
    <table className="visually-hidden">
      <caption>{CHART_TITLE}</caption>
      <thead>
        <tr>
          <th scope="col">After guess</th>
          {series.map((s) => (
            <th key={s.kind} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Start</th>
          {series.map((s) => (
            <td key={s.kind}>{formatCount(start)}</td>
          ))}
        </tr>
        {Array.from({ length: lastGuess }, (_, i) => i + 1).map((guess) => (
          <tr key={guess}>
            <th scope="row">{guess}</th>
            {series.map((s) => (
              <td key={s.kind}>{cell(s.steps, guess)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
