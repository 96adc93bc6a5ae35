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
 * after it, and the best guess at that point with the words it would have left on average.
 * The guess that cut the most is marked in words (and bold, and tinted), not by colour alone.
 */
export function AnalysisTable({ start, series }: { start: number; series: AnalysisSeries }) {
  const cut = cutMostIndex(start, series.steps);
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-series={series.kind}>
        <caption className={styles.caption}>{series.name}: guess by guess</caption>
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
                    <span className={styles.badge}>
                      <span aria-hidden="true">★ </span>cut the most (÷
                      {formatAverage(cutFactor(start, series.steps, index))})
                    </span>
                  </>
                )}
              </td>
              <td className={`numeric ${styles.number}`}>{step.matches}</td>
              <td className={`numeric ${styles.number}`}>{formatCount(step.candidatesLeft)}</td>
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
    </div>
  );
}
