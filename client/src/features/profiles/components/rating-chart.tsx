import type { RatingHistoryEntry } from '@jotto/shared/rating-schemas';
import { ChartAxes, ChartFrame } from '@/components/chart-frame.tsx';
import styles from './rating-chart.module.css';
import { ScreenReaderTable } from '@/components/screen-reader-table.tsx';

// Plain SVG, as every chart (why: chart-frame.tsx): one line and one band need a scale and two
// paths, and the accessible markup (title, description, table) is ours.
const DEFAULT_WIDTH = 560;
const HEIGHT = 200;
// Room on the left for four-digit ratings and, beside them, the axis's title.
const PAD = { top: 12, right: 16, bottom: 40, left: 76 };
const PLOT_HEIGHT = HEIGHT - PAD.top - PAD.bottom;
/** Past this many games the markers would touch: the line alone says it. */
const MARKERS_UP_TO = 40;

export const RATING_CHART_TITLE = 'Rating after each rated game';

/** A round step for about four grid lines over `span` rating points. */
function ratingStep(span: number): number {
  const steps = [10, 20, 25, 50, 100, 200, 250, 500, 1000];
  return steps.find((step) => span / step <= 4) ?? 2000;
}

/** Game numbers to label: every one if they are 28 px apart or more, else fewer. */
function gameTicks(count: number, plotWidth: number): number[] {
  const fit = Math.max(1, Math.floor(plotWidth / 28));
  const step = [1, 2, 5, 10, 20, 25, 50].find((candidate) => count / candidate <= fit) ?? 100;
  const ticks = [1];
  for (let game = step; game <= count; game += step) if (game > 1) ticks.push(game);
  return ticks;
}

/** One sentence for screen readers: how many games, where it went, its extremes. */
export function describeRatings(history: readonly RatingHistoryEntry[]): string {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return 'No rated games yet.';
  if (history.length === 1) {
    return `1 rated game: ${last.value}, deviation ${last.deviation}.`;
  }
  const values = history.map((entry) => entry.value);
  return (
    `${history.length} rated games, from ${first.value} to ${last.value}; ` +
    `highest ${Math.max(...values)}, lowest ${Math.min(...values)}. ` +
    'The shaded band is the rating plus or minus its deviation.'
  );
}

/**
 * A player's rating after each rated game (docs/PRODUCT.md, 'Ratings'), oldest first: the line
 * of the rating, and around it a band of plus or minus its deviation, which narrows as the
 * rating becomes surer. An SVG image with a title and a description, and the numbers in a table
 * for screen readers, as the analysis chart does.
 */
export function RatingChart({ history }: { history: readonly RatingHistoryEntry[] }) {
  return (
    <ChartFrame
      title={RATING_CHART_TITLE}
      description={describeRatings(history)}
      defaultWidth={DEFAULT_WIDTH}
      height={HEIGHT}
      after={<RatingsTable history={history} />}
    >
      {(width) => <RatingPlot history={history} width={width} />}
    </ChartFrame>
  );
}

/** The drawing at `width`: the axes, the deviation band, the line and its markers. */
function RatingPlot({ history, width }: { history: readonly RatingHistoryEntry[]; width: number }) {
  const plotWidth = width - PAD.left - PAD.right;
  const count = history.length;
  const low = Math.min(...history.map((entry) => entry.value - entry.deviation));
  const high = Math.max(...history.map((entry) => entry.value + entry.deviation));
  const step = ratingStep(Math.max(high - low, 1));
  const bottom = Math.floor(low / step) * step;
  const top = Math.max(Math.ceil(high / step) * step, bottom + step);
  const x = (game: number) =>
    PAD.left + (count === 1 ? plotWidth / 2 : ((game - 1) / (count - 1)) * plotWidth);
  const y = (rating: number) => PAD.top + ((top - rating) / (top - bottom)) * PLOT_HEIGHT;
  const at = (game: number, rating: number) => `${x(game).toFixed(1)},${y(rating).toFixed(1)}`;
  const upper = history.map((entry, i) => at(i + 1, entry.value + entry.deviation));
  const lower = history.map((entry, i) => at(i + 1, entry.value - entry.deviation)).reverse();
  const ticks: number[] = [];
  for (let value = bottom; value <= top; value += step) ticks.push(value);

  return (
    <>
      <ChartAxes
        width={width}
        height={HEIGHT}
        pad={PAD}
        x={x}
        xTicks={gameTicks(count, plotWidth)}
        xTitle="Rated game"
        y={y}
        yTicks={ticks}
        yTitle="Rating"
        titleInset={{ bottom: 4, left: 12 }}
      />
      {count === 1 ? (
        <line
          className={styles.bandBar}
          x1={x(1)}
          x2={x(1)}
          y1={y(history[0]!.value + history[0]!.deviation)}
          y2={y(history[0]!.value - history[0]!.deviation)}
          data-band
        />
      ) : (
        <path className={styles.band} d={`M${[...upper, ...lower].join('L')}Z`} data-band />
      )}
      <path className={styles.line} d={`M${history.map((e, i) => at(i + 1, e.value)).join('L')}`} />
      {count <= MARKERS_UP_TO &&
        history.map((entry, i) => (
          <circle
            key={entry.gameId}
            className={styles.marker}
            cx={x(i + 1)}
            cy={y(entry.value)}
            r={count === 1 ? 5 : 3.5}
            data-point={i + 1}
          />
        ))}
    </>
  );
}

/** The chart's numbers for screen readers: one row per rated game. */
function RatingsTable({ history }: { history: readonly RatingHistoryEntry[] }) {
  return (
    <ScreenReaderTable>
      <caption>{RATING_CHART_TITLE}</caption>
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Date</th>
          <th scope="col">Rating</th>
          <th scope="col">Deviation</th>
        </tr>
      </thead>
      <tbody>
        {history.map((entry, i) => (
          <tr key={entry.gameId}>
            <th scope="row">{i + 1}</th>
            <td>{entry.at.slice(0, 10)}</td>
            <td>{entry.value}</td>
            <td>{entry.deviation}</td>
          </tr>
        ))}
      </tbody>
    </ScreenReaderTable>
  );
}
