import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import type { WatchedPlayer } from '@jotto/shared/watch-schemas';
import { LetterTiles } from '@/components/letter-tiles.tsx';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { GameClock } from '@/features/game/components/game-clock.tsx';
import { GuessList } from '@/features/game/components/guess-list.tsx';
import { ScoreSide } from '@/features/game/components/score-side.tsx';
import { VersusScores } from '@/features/game/components/scores-box.tsx';
import type { LiveFeed } from '@/lib/realtime/use-live-query.ts';
import type { WatchView } from '../api/watching-api.ts';
import { wordsLeftText } from '../watch-state.ts';
import { SaidList } from './said-list.tsx';
import styles from './spectator-view.module.css';

/** What the view says of a game the clock ended before anyone started it. */
export const GAME_ABORTED = 'Game aborted: a player did not start';

/**
 * A game as its spectator sees it (docs/PRODUCT.md, 'Watching'): the game's scores box with
 * each player's rating, score, guesses, how their game ended and how many words could still be
 * the secret for them, the clock while it runs, 'N watching'; once the game is settled, the
 * secret and both boards side by side. The phrases said, as text.
 */
export function SpectatorView({ view, feed }: { view: WatchView; feed: LiveFeed }) {
  const clock =
    !view.settled && view.deadline && view.timeControl
      ? { deadline: view.deadline, timeControl: view.timeControl }
      : null;
  return (
    <article className={styles.view} aria-labelledby="watch-game-title">
      {/* 'alice vs bob': each name whole or cut with an ellipsis, never broken mid-word. */}
      <h1 id="watch-game-title" className={styles.title}>
        {view.players.map((player, index) => (
          <Fragment key={player.username}>
            {index > 0 && <span className={styles.versus}> vs </span>}
            <TruncatedName name={player.username} />
          </Fragment>
        ))}
      </h1>
      {view.aborted && <p className={styles.note}>{GAME_ABORTED}</p>}
      <VersusScores
        feed={feed}
        watchers={view.watchers}
        footer={clock && <GameClock deadline={clock.deadline} timeControl={clock.timeControl} />}
      >
        {view.players.map((player) => (
          <PlayerSide key={player.username} player={player} />
        ))}
      </VersusScores>
      {view.settled && view.target && (
        <div className={styles.target}>
          <p className={styles.label}>The word was</p>
          <LetterTiles word={view.target} label={`The word was ${view.target.toUpperCase()}`} />
        </div>
      )}
      {view.settled && (
        <div className={styles.boards}>
          {view.players.map((player, index) => (
            <section
              key={player.username}
              className={styles.board}
              aria-labelledby={`watched-board-${index}`}
            >
              <h2
                id={`watched-board-${index}`}
                className={styles.boardTitle}
                title={player.username}
              >
                {player.username}
              </h2>
              {(player.guessList ?? []).length === 0 ? (
                <p className={styles.none}>No guesses</p>
              ) : (
                <GuessList
                  guesses={player.guessList ?? []}
                  label={`Guesses of ${player.username}`}
                />
              )}
            </section>
          ))}
        </div>
      )}
      <SaidList said={view.said} />
      <p>
        <Link to={clientPath('/watch')} className="button">
          Back to Watch
        </Link>
      </p>
    </article>
  );
}

/** One player's column: the game screen's, with their rating and the words left to them. */
function PlayerSide({ player }: { player: WatchedPlayer }) {
  return (
    <ScoreSide
      name={player.username}
      title={player.username}
      score={player.score}
      guesses={player.guesses}
      side={{
        won: player.won,
        forfeit: player.forfeit,
        outOfTime: player.outOfTime === true,
        score: player.score,
      }}
      rating={
        <p className={styles.rating}>
          Rating <span className="numeric">{player.rating}</span>
        </p>
      }
      flash
      testId={`player-${player.username}`}
    >
      <p className={`numeric ${styles.wordsLeft}`}>{wordsLeftText(player)}</p>
    </ScoreSide>
  );
}
