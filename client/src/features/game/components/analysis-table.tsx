import { useId } from 'react';
import {
  type AnalysisSeries,
  cutFactor,
  cutMostIndex,
  formatAverage,
  formatCount,
} from '../analysis-view.ts';
import styles from './analysis-table.module.css';

/**
 * One player's guesses under the chart: each word with its matches, the words still possible
 * after it, its skill (0–100: how much it could tell, against the best guess), and the best guess at that point with the words it would have left on average.
 * The guess that cut the most is marked by a star explained under the table (and in words for
 * screen readers), bold and tinted: not by colour alone.
 */
export function AnalysisTable({ start, series }: { start: number; series: AnalysisSeries }) {
  const cut = cutMostIndex(start, series.steps);
  const captionId = useId();
  return (
    // Scrolls sideways on the narrowest screens; focusable so that keyboards can scroll it too.
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} data-series={series.kind}>
        <caption id={captionId} className={styles.caption} title={series.name}>
          {series.name}: guess by guess
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              #
            </th>
            <th scope="col">Guess</th>
            <th scope="col" className={styles.number}>
              Matches
            </th>
            <th scope="col" className={styles.number}>
              Words left
            </th>
            <th scope="col" className={styles.number}>
              Skill
            </th>
            <th scope="col">Best guess then</th>
          </tr>
        </thead>
        <tbody>
          {series.steps.map((step, index) => (
            <tr
              key={step.word}
              className={index === cut ? styles.cutMost : undefined}
              data-cut-most={index === cut || undefined}
            >
              <th scope="row" className={`numeric ${styles.number}`}>
                {index + 1}
              </th>
              <td>
                <span className="word">{step.word}</span>
                {index === cut && (
                  <>
                    {' '}
                    <span className={styles.star} aria-hidden="true">
                      ★
                    </span>
                    <span className="visually-hidden">cut the most</span>
                  </>
                )}
              </td>
              <td className={`numeric ${styles.number}`}>{step.matches}</td>
              <td className={`numeric ${styles.number}`}>{formatCount(step.candidatesLeft)}</td>
              <td className={`numeric ${styles.number}`}>{step.skill}</td>
              <td>
                <span className="word">{step.bestGuess}</span>{' '}
                <span className={`numeric ${styles.expected}`}>
                  ≈ {formatAverage(step.bestExpected)} left
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cut !== null && (
        <p className={styles.legend}>
          <span aria-hidden="true">★ </span>
          {`Cut the most: guess ${cut + 1} divided the words still possible by ${formatAverage(
            cutFactor(start, series.steps, cut),
          )}.`}
        </p>
      )}
    </div>
  );
}
