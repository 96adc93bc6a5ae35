import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { GIVE_UP_WORD } from '@jotto/shared/game-rules';
import { useAlert } from '../../../components/alert-provider.tsx';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { LetterTiles } from '../../../components/letter-tiles.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import {
  type EventSequence,
  type GameDetail,
  type GameEnd,
  gameEnd,
  isOpponentFinished,
} from '../game-state.ts';
import { useGameBoard } from '../hooks/use-game-board.ts';
import { useLetterMarks } from '../hooks/use-letter-marks.ts';
import { type FeedMode, useOpponentFeed } from '../hooks/use-opponent-feed.ts';
import { usePlay } from '../hooks/use-play.ts';
import { useIncomingRematch, useRematch } from '../hooks/use-rematch.ts';
import { AlphabetBoard } from './alphabet-board.tsx';
import { GuessForm } from './guess-form.tsx';
import { GuessList } from './guess-list.tsx';
import { LazyGameAnalysis } from './lazy-game-analysis.tsx';
import { LastGuess } from './last-guess.tsx';
import { OptionsMenu } from './options-menu.tsx';
import { END_TEXT, ResultsDialog } from './results-dialog.tsx';
import { ScoresBox } from './scores-box.tsx';
import styles from './game-screen.module.css';

/** Spec §5: both Options actions ask this first. */
export const ARE_YOU_SURE = 'Are you sure?';

/** One game (spec §2 Game screen); mounted once per game id. */
export function GameScreen({ gameId }: { gameId: number }) {
  const { game, sequence } = useGameBoard(gameId);
  const feed = useOpponentFeed(game, sequence);
  if (!game) return <PageLoading />;
  return <Board game={game} sequence={sequence} feed={feed} />;
}

function Board({
  game,
  sequence,
  feed,
}: {
  game: GameDetail;
  sequence: EventSequence;
  feed: FeedMode;
}) {
  const { username } = useSession();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const confirm = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const play = usePlay(game.id, sequence, (word, answer) => {
    if (answer.matches !== undefined) {
      setAnnouncement(`${word.toUpperCase()}: ${answer.matches} matches`);
    }
  });
  const send = (word: string) => {
    if (play.isPending) return;
    play.mutate(word, { onError: (error) => showAlert(`Error: ${errorMessage(error)}`) });
  };
  const { marks, cycle, reset } = useLetterMarks(game, username !== '');
  const end = gameEnd(game);
  const waiting = game.multiplayer && game.finished && !isOpponentFinished(game);
  // The results open by themselves when the end is known (also for a game opened after it
  // ended) and stay closed once closed, until 'Show results'.
  const [resultsClosedFor, setResultsClosedFor] = useState<GameEnd | null>(null);
  const resultsOpen = end !== null && resultsClosedFor !== end;
  // Closing the results returns focus to where it was (the browser does it); the overlay
  // opened by itself at the end of the game, from a control that is gone by then (the guess
  // input, Give up), so focus would fall to the page: it goes to 'Show results' instead.
  const showResults = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!resultsOpen && document.activeElement === document.body) showResults.current?.focus();
  }, [resultsOpen]);
  const rematch = useRematch(game.multiplayer ? game.enemyName : undefined);
  const incoming = useIncomingRematch(
    game.multiplayer ? game.enemyName : undefined,
    game.multiplayer && end !== null && username !== '',
  );

  const opponentNews = game.multiplayer
    ? `${game.enemyName ?? 'Opponent'}: ${game.enemyGuesses ?? 0} guesses, ${game.enemyScore ?? 100} points${
        game.enemyWon ? ', solved it' : game.enemyForfeit ? ', gave up' : ''
      }`
    : '';

  const giveUp = async () => {
    if (await confirm(ARE_YOU_SURE)) send(GIVE_UP_WORD);
  };
  const resetBoard = async () => {
    if (await confirm(ARE_YOU_SURE)) await reset();
  };

  return (
    <div className={styles.screen}>
      <div className={styles.scores}>
        <ScoresBox game={game} myName={username} feed={feed} waiting={waiting} />
      </div>
      <div className={styles.last}>
        {end ? (
          <div className={styles.ended}>
            <p className={styles.endText}>{END_TEXT[end]}</p>
            {/* The word stays on the page once the results are closed (only a finished player has it). */}
            {game.target && (
              <LetterTiles word={game.target} label={`The word was ${game.target.toUpperCase()}`} />
            )}
            <button
              ref={showResults}
              type="button"
              className="button button-primary"
              onClick={() => setResultsClosedFor(null)}
            >
              Show results
            </button>
          </div>
        ) : (
          <LastGuess guess={game.guesses[0]} />
        )}
      </div>
      <div className={styles.form}>
        {/* Once finished, 'Waiting...' (versus) shows in the scores box, beside the opponent. */}
        {!game.finished && <GuessForm busy={play.isPending} onGuess={send} onProblem={showAlert} />}
      </div>
      <div className={styles.alphabet}>
        <AlphabetBoard marks={marks} onCycle={cycle} />
      </div>
      <div className={styles.list}>
        {game.guesses.length > 0 && <h2 className={styles.listTitle}>Your guesses</h2>}
        <GuessList guesses={game.guesses} label="Your guesses" />
      </div>
      <div className={styles.options}>
        <OptionsMenu
          canGiveUp={!game.finished}
          onReset={() => void resetBoard()}
          onGiveUp={() => void giveUp()}
        />
      </div>
      {game.finished && (
        <div className={styles.analysis}>
          <LazyGameAnalysis game={game} myName={username} headingLevel={2} />
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {end ? END_TEXT[end] : waiting ? 'Waiting...' : announcement}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {opponentNews}
      </p>
      {end && (
        <ResultsDialog
          open={resultsOpen}
          onClose={() => setResultsClosedFor(end)}
          game={game}
          end={end}
          myName={username}
          appUrl={window.location.origin}
          onPlayAgain={() => navigate(clientPath('/game'))}
          rematch={
            game.multiplayer
              ? {
                  state: rematch.state,
                  send: rematch.send,
                  offered: incoming.challengeId !== null,
                  accepting: incoming.accepting,
                  accept: incoming.accept,
                }
              : null
          }
        />
      )}
    </div>
  );
}
