import { ChartFrame } from '@/components/chart-frame.tsx';
import styles from './guess-distribution-chart.module.css';
import { ScreenReaderTable } from '@/components/screen-reader-table.tsx';

export const DISTRIBUTION_TITLE = 'Guesses per solved daily';

// Plain SVG, as every chart (why: chart-frame.tsx): a title and a description for the picture,
// the numbers in a table for screen readers, and text at the page's size at every width (the
// drawing is as wide as its box).
const DEFAULT_WIDTH = 420;
const ROW = 26;
const BAR = 18;
const PAD = { top: 4, right: 72, bottom: 4, left: 32 };
/** Rows shown at least (1 to 6 guesses), more when a solve took more. */
const MIN_ROWS = 6;

/** The guess counts the chart shows: 1 to 6, or further when a solve took more. */
export function shownGuessCounts(distribution: readonly number[], highlight: number | null) {
  let last = Math.max(MIN_ROWS, highlight ?? 0);
  distribution.forEach((count, guesses) => {
    if (count > 0) last = Math.max(last, guesses);
  });
  return Array.from({ length: Math.min(last, distribution.length - 1) }, (_, i) => i + 1);
}

/**
 * How many dailies were solved in 1, 2, 3, … guesses, one horizontal bar each, today's solve
 * marked (by colour and by the word 'today'). `distribution[n]` is the count for n guesses.
 */
export function GuessDistributionChart({
  distribution,
  highlight,
}: {
  distribution: readonly number[];
  /** Today's number of guesses, when today's daily was solved. */
  highlight: number | null;
}) {
  const rows = shownGuessCounts(distribution, highlight);
  const solved = distribution.reduce((sum, count) => sum + count, 0);
  const describe = rows
    .filter((n) => (distribution[n] ?? 0) > 0)
    .map((n) => `${distribution[n]} in ${n}`)
    .join(', ');

  return (
    <ChartFrame
      title={DISTRIBUTION_TITLE}
      description={
        solved === 0
          ? 'No daily solved yet.'
          : `${solved} solved: ${describe}.${highlight ? ` Today in ${highlight}.` : ''}`
      }
      defaultWidth={DEFAULT_WIDTH}
      height={PAD.top + rows.length * ROW + PAD.bottom}
      after={<DistributionTable distribution={distribution} highlight={highlight} rows={rows} />}
    >
      {(width) => (
        <DistributionBars
          distribution={distribution}
          highlight={highlight}
          rows={rows}
          width={width}
        />
      )}
    </ChartFrame>
  );
}

/** The drawing at `width`: a row per guess count, its number, its bar and its count. */
function DistributionBars({
  distribution,
  highlight,
  rows,
  width,
}: {
  distribution: readonly number[];
  highlight: number | null;
  rows: readonly number[];
  width: number;
}) {
  const most = Math.max(1, ...rows.map((n) => distribution[n] ?? 0));
  const plotWidth = width - PAD.left - PAD.right;
  return (
    <>
      {rows.map((n, index) => {
        const count = distribution[n] ?? 0;
        const y = PAD.top + index * ROW;
        // A bar of at least a sliver, so that a row with none still shows where it would be.
        const barWidth = Math.max(3, (count / most) * plotWidth);
        const today = n === highlight;
        return (
          <g key={n} className={today ? styles.today : styles.row} data-guesses={n}>
            <text
              className={styles.label}
              x={PAD.left - 10}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {n}
            </text>
            <rect
              className={styles.bar}
              x={PAD.left}
              y={y + (ROW - BAR) / 2}
              width={barWidth}
              height={BAR}
              rx={3}
            />
            <text
              className={styles.count}
              x={PAD.left + barWidth + 6}
              y={y + ROW / 2}
              dominantBaseline="middle"
            >
              {today ? `${count} · today` : count}
            </text>
          </g>
        );
      })}
    </>
  );
}

/** The chart's numbers for screen readers: one row per guess count. */
function DistributionTable({
  distribution,
  highlight,
  rows,
}: {
  distribution: readonly number[];
  highlight: number | null;
  rows: readonly number[];
}) {
  return (
    <ScreenReaderTable>
      <caption>{DISTRIBUTION_TITLE}</caption>
      <thead>
        <tr>
          <th scope="col">Guesses</th>
          <th scope="col">Dailies solved</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((n) => (
          <tr key={n}>
            <th scope="row">{n}</th>
            <td>
              {distribution[n] ?? 0}
              {n === highlight ? ' (today)' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </ScreenReaderTable>
  );
}
