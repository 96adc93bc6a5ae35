import { ChartAxes, ChartFrame } from '@/components/chart-frame.tsx';
import {
  type AnalysisSeries,
  cutMostIndex,
  formatCount,
  type AnalysisStep,
} from '../analysis-view.ts';
import styles from './candidates-chart.module.css';
import { ScreenReaderTable } from '@/components/screen-reader-table.tsx';

// Plain SVG rather than a charting library (why: chart-frame.tsx): two lines of at most 20
// points need a scale, a path and a few labels (this file).
const DEFAULT_WIDTH = 560;
const HEIGHT = 240;
const PAD = { top: 12, right: 16, bottom: 44, left: 60 };
const PLOT_HEIGHT = HEIGHT - PAD.top - PAD.bottom;

export const CHART_TITLE = 'Words still possible after each guess';

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
  const lastGuess = Math.max(1, ...series.map((s) => s.steps.length));
  return (
    <ChartFrame
      title={CHART_TITLE}
      description={
        <>
          {`Logarithmic scale. ${formatCount(start)} possible words at the start. `}
          {series.map((s) => describeSeries(start, s)).join(' ')}
        </>
      }
      defaultWidth={DEFAULT_WIDTH}
      height={HEIGHT}
      after={
        <>
          <Legend series={series} />
          <NumbersTable start={start} series={series} lastGuess={lastGuess} />
        </>
      }
    >
      {(width) => (
        <CandidatesPlot start={start} series={series} lastGuess={lastGuess} width={width} />
      )}
    </ChartFrame>
  );
}

/** The drawing at `width`: the axes, and a line per player. */
function CandidatesPlot({
  start,
  series,
  lastGuess,
  width,
}: {
  start: number;
  series: readonly AnalysisSeries[];
  lastGuess: number;
  width: number;
}) {
  const plotWidth = width - PAD.left - PAD.right;
  const topExponent = Math.log10(Math.max(start, 10));
  const x = (guess: number) => PAD.left + (guess / lastGuess) * plotWidth;
  const y = (count: number) =>
    PAD.top + (1 - Math.log10(Math.max(count, 1)) / topExponent) * PLOT_HEIGHT;
  return (
    <>
      <ChartAxes
        width={width}
        height={HEIGHT}
        pad={PAD}
        x={x}
        xTicks={guessTicks(lastGuess, plotWidth)}
        xTitle="Guess"
        y={y}
        yTicks={powersOfTen(start)}
        yTitle="Words left (log)"
        formatY={formatCount}
        titleInset={{ bottom: 6, left: 14 }}
      />
      {series.map((s) => (
        <SeriesLine key={s.kind} series={s} start={start} x={x} y={y} />
      ))}
    </>
  );
}

/** Which line is whose: each player's name beside a sample of their line's dash and marker. */
function Legend({ series }: { series: readonly AnalysisSeries[] }) {
  return (
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
    <ScreenReaderTable>
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
    </ScreenReaderTable>
  );
}
