import { useId } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { useHasPassed } from '@/lib/use-now.ts';
import { type AnalysisSeries, formatCount } from '../analysis-view.ts';
import { type GameDetail, isAnalysisReady, isOpponentFinished } from '../game-state.ts';
import { useGameAnalysis } from '../hooks/use-game-analysis.ts';
import { AnalysisTable } from './analysis-table.tsx';
import { CandidatesChart } from './candidates-chart.tsx';
import { SKILL_EXPLAINED, SkillNumbers } from './skill-numbers.tsx';
import styles from './game-analysis.module.css';

export interface GameAnalysisProps {
  /** A game I have finished (its analysis may still wait: isAnalysisReady). */
  game: GameDetail;
  myName: string;
  /** 2 on the game's page, 3 inside the results overlay (under its title). */
  headingLevel: 2 | 3;
}

export const ANALYSIS_HEADING = 'How each guess narrowed it down';

/**
 * The post-game analysis (docs/PRODUCT.md, 'Post-game analysis') of a finished game: the chart of
 * words still possible after each guess, one line per player, and under it each player's guesses
 * with the best guess at each point. In versus the opponent's line comes once they have finished
 * too.
 */
export function GameAnalysis({ game, myName, headingLevel }: GameAnalysisProps) {
  const headingId = useId();
  const dayEnded = useHasPassed(game.daily && game.deadline ? Date.parse(game.deadline) : null);
  const ready = isAnalysisReady(game, dayEnded);
  const query = useGameAnalysis(game, ready);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.analysis} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {ANALYSIS_HEADING}
      </Heading>
      {!ready ? (
        <p className={styles.note}>
          {game.daily
            ? 'The analysis comes with the word, at midnight UTC.'
            : 'The analysis comes with the word, once the game is over for both players.'}
        </p>
      ) : query.isPending ? (
        <p className={styles.note}>Analysing your guesses...</p>
      ) : query.isError ? (
        <p className={styles.note} role="alert">
          {`The analysis could not be loaded: ${errorMessage(query.error)}`}
        </p>
      ) : (
        <AnalysisBody
          start={query.data.candidatesAtStart}
          series={[
            {
              kind: 'mine',
              name: myName || 'You',
              steps: query.data.steps,
              summary: { skill: query.data.skill, luck: query.data.luck },
            },
            ...(query.data.opponentSteps
              ? [
                  {
                    kind: 'opponent' as const,
                    name: game.enemyName || 'Opponent',
                    steps: query.data.opponentSteps,
                    ...(query.data.opponentSkill !== undefined &&
                    query.data.opponentLuck !== undefined
                      ? {
                          summary: {
                            skill: query.data.opponentSkill,
                            luck: query.data.opponentLuck,
                          },
                        }
                      : {}),
                  },
                ]
              : []),
          ]}
          opponentPending={game.multiplayer && !isOpponentFinished(game)}
        />
      )}
    </section>
  );
}

function AnalysisBody({
  start,
  series,
  opponentPending,
}: {
  start: number;
  series: AnalysisSeries[];
  opponentPending: boolean;
}) {
  const played = series.filter((s) => s.steps.length > 0);
  return (
    <>
      <p className={styles.note}>
        {`${formatCount(start)} words could be the secret at the start. Each answer rules out the words that would have given another count.`}
      </p>
      {played.length > 0 ? (
        <CandidatesChart start={start} series={played} />
      ) : (
        <p className={styles.note}>No guesses to analyse.</p>
      )}
      {opponentPending && (
        <p className={styles.note}>Your opponent&apos;s line appears once they have finished.</p>
      )}
      {played.map((s) => (
        <div key={s.kind} className={styles.player}>
          {s.summary && (
            <SkillNumbers
              skill={s.summary.skill}
              luck={s.summary.luck}
              label={`${s.name}: skill and luck`}
            />
          )}
          <AnalysisTable start={start} series={s} />
        </div>
      ))}
      {played.length > 0 && (
        <>
          <p className={styles.note}>
            Best guess then: the common word that would have left the fewest possible words on
            average at that point.
          </p>
          <p className={styles.note}>{SKILL_EXPLAINED}</p>
        </>
      )}
    </>
  );
}
