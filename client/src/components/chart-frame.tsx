import { type ReactNode, useId } from 'react';
import { useMeasuredWidth } from '@/lib/use-measured-width.ts';
import styles from './chart-frame.module.css';

// The charts are plain SVG rather than a charting library: each needs a scale, a path or a few
// bars and some labels, while a library that draws SVG would cost more than all our charts'
// code, and this way the accessible markup (title, description, table) is ours to shape. The drawing is as wide
// as its box in CSS pixels (measured), so its text keeps the page's size at every width instead
// of shrinking with the picture on a phone.

/** The room around a chart's plot, for its labels, in CSS pixels. */
export type ChartPadding = { top: number; right: number; bottom: number; left: number };

/**
 * A chart's frame: a figure as wide as its box, and in it an SVG image named by `title` and
 * described by `description` (what a screen reader says of the picture), drawn by `children` at
 * the measured width. `after` follows the image inside the figure: a legend, and the chart's
 * numbers in a table for screen readers.
 */
export function ChartFrame({
  title,
  description,
  defaultWidth,
  height,
  after,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The width drawn at until the box is measured (and where it cannot be). */
  defaultWidth: number;
  /** The drawing's height: fixed, or following the measured width. */
  height: number | ((width: number) => number);
  after?: ReactNode;
  /** The drawing (SVG elements), at the measured width. */
  children: (width: number) => ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const [figureRef, width] = useMeasuredWidth<HTMLElement>(defaultWidth);
  const drawnHeight = typeof height === 'function' ? height(width) : height;
  return (
    <figure className={styles.figure} ref={figureRef}>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${drawnHeight}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {children(width)}
      </svg>
      {after}
    </figure>
  );
}

/**
 * A line chart's axes: a horizontal grid line at each of `yTicks` with its label right-aligned
 * left of the plot, the `xTicks` labelled under it, the x axis's title centred at the bottom and
 * the y axis's title turned up the left side. `x` and `y` are the chart's scales.
 */
export function ChartAxes({
  width,
  height,
  pad,
  x,
  xTicks,
  xTitle,
  y,
  yTicks,
  yTitle,
  formatY = String,
  titleInset,
}: {
  width: number;
  height: number;
  pad: ChartPadding;
  x: (tick: number) => number;
  xTicks: readonly number[];
  xTitle: string;
  y: (value: number) => number;
  yTicks: readonly number[];
  yTitle: string;
  /** The label of a y tick (the number itself unless given). */
  formatY?: (value: number) => string;
  /**
   * Where the axis titles sit: the x title's baseline `bottom` px above the drawing's bottom
   * edge, the middle of the turned y title `left` px from its left edge.
   */
  titleInset: { bottom: number; left: number };
}) {
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  return (
    <g className={styles.axis}>
      {yTicks.map((value) => (
        <g key={value}>
          <line
            className={styles.gridLine}
            x1={pad.left}
            x2={width - pad.right}
            y1={y(value)}
            y2={y(value)}
          />
          <text x={pad.left - 8} y={y(value)} textAnchor="end" dominantBaseline="middle">
            {formatY(value)}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <text key={tick} x={x(tick)} y={height - pad.bottom + 18} textAnchor="middle">
          {tick}
        </text>
      ))}
      <text x={pad.left + plotWidth / 2} y={height - titleInset.bottom} textAnchor="middle">
        {xTitle}
      </text>
      <text
        transform={`translate(${titleInset.left} ${pad.top + plotHeight / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {yTitle}
      </text>
    </g>
  );
}
