import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clientPath } from '@jotto/shared/client-routes';
import { GIVE_UP_WORD, matchCountText } from '@jotto/shared/game-rules';
import { useAlert } from '@/components/alert-provider.tsx';
import { useConfirm } from '@/components/confirm-provider.tsx';
import { LetterTiles } from '@/components/letter-tiles.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { useComputerGame } from '@/features/computer-opponent/api/bot-api.ts';
import type { LiveFeed } from '@/lib/realtime/use-live-query.ts';
import { useSession } from '@/lib/session.ts';
import { useSingleFlight } from '@/lib/single-flight.ts';
import {
  type EventSequence,
  type GameDetail,
  type GameEnd,
  endTextOf,
  gameEnd,
  isWaitingForOpponent,
} from '../game-state.ts';
import { isTalkGame } from '../game-phrases.ts';
import { useGameBoard } from '../hooks/use-game-board.ts';
import { useLetterMarks } from '../hooks/use-letter-marks.ts';
import { useOpponentFeed } from '../hooks/use-opponent-feed.ts';
import { usePlay } from '../hooks/use-play.ts';
import { useIncomingRematch, useRematch } from '../hooks/use-rematch.ts';
import { AlphabetBoard } from './alphabet-board.tsx';
import { GuessForm } from './guess-form.tsx';
import { GameNotFound } from './game-not-found.tsx';
import { GameTalk } from './game-talk.tsx';
import { GuessList } from './guess-list.tsx';
import { GuestGameNote } from './guest-game-note.tsx';
import { LazyGameAnalysis } from './lazy-game-analysis.tsx';
import { LastGuess } from './last-guess.tsx';
import { OptionsMenu } from './options-menu.tsx';
import { EndActions, type RematchControls } from './end-actions.tsx';
import { ResultsDialog } from './results-dialog.tsx';
import { ScoresBox } from './scores-box.tsx';
import { WordReveal } from './word-reveal.tsx';
import styles from './game-screen.module.css';

/** Both Options actions ask this first. */
export const ARE_YOU_SURE = 'Are you sure?';

/** 'Give up' while offline: nothing was sent (docs/PRODUCT.md, 'Offline'). */
export const GIVE_UP_OFFLINE = 'You are offline: you have not given up.';

/**
 * One game (docs/PRODUCT.md, 'Game screen'); mounted once per game id. `titled`: the screen is a
 * page of its own and names itself in its one h1 ('Solo game', 'Versus game vs bob'), for screen
 * readers only, as the board has no place for a title; a page around it that has its own h1
 * leaves it out. `endSummary`: what that page says of the game's end, shown first in the
 * results overlay (the daily's share text and countdown).
 */
export function GameScreen({
  gameId,
  titled = false,
  endSummary,
}: {
  gameId: number;
  titled?: boolean;
  endSummary?: ReactNode;
}) {
  const { game, sequence, loadError } = useGameBoard(gameId);
  const feed = useOpponentFeed(game, sequence);
  if (loadError) return <GameNotFound error={loadError} titled={titled} />;
  if (!game) return <PageLoading />;
  return (
    <Board game={game} sequence={sequence} feed={feed} titled={titled} endSummary={endSummary} />
  );
}

function Board({
  game,
  sequence,
  feed,
  titled,
  endSummary,
}: {
  game: GameDetail;
  sequence: EventSequence;
  feed: LiveFeed;
  titled: boolean;
  endSummary: ReactNode;
}) {
  const { username } = useSession();
  const navigate = useNavigate();
  const showAlert = useAlert();
  const confirm = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const play = usePlay(game.id, sequence, (word, answer) => {
    if (answer.matches !== undefined) {
      setAnnouncement(`${word.toUpperCase()}: ${matchCountText(answer.matches)}`);
    }
  });
  const { marks, cycle, reset } = useLetterMarks(game, username !== '');
  const end = gameEnd(game);
  const endText = end && endTextOf(game, end);
  const waiting = isWaitingForOpponent(game);
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
  // A person to rematch; a game against the computer ends with 'Play again!' at its level.
  const botLevel = game.enemyLevel;
  const rematchable = game.multiplayer && botLevel === undefined;
  const rematch = useRematch(rematchable ? game.enemyName : undefined);
  const incoming = useIncomingRematch(
    rematchable ? game.enemyName : undefined,
    rematchable && end !== null && username !== '',
  );
  const computer = useComputerGame();

  const opponentNews = game.multiplayer
    ? `${game.enemyName ?? 'Opponent'}: ${game.enemyGuesses ?? 0} guesses, ${game.enemyScore ?? 100} points${
        game.enemyWon ? ', solved it' : game.enemyForfeit ? ', gave up' : ''
      }`
    : '';

  const giveUp = async () => {
    if (!(await confirm(ARE_YOU_SURE))) return;
    // Like a guess, giving up offline is not sent later (see usePlay).
    if (play.send(GIVE_UP_WORD) === 'offline') showAlert(GIVE_UP_OFFLINE);
  };
  const resetting = useSingleFlight();
  const resetBoard = async () => {
    if (await confirm(ARE_YOU_SURE)) resetting.run(reset);
  };
  const playAgain = () =>
    botLevel === undefined ? navigate(clientPath('/game')) : computer.start(botLevel);
  const rematchControls: RematchControls | null = rematchable
    ? {
        state: rematch.state,
        send: rematch.send,
        offered: incoming.challengeId !== null,
        accepting: incoming.accepting,
        accept: incoming.accept,
      }
    : null;
  // My game over, nothing on the board can change any more: no input, no alphabet, no Options
  // (docs/PRODUCT.md, 'Game screen'); the end, the word, my guesses and what is left to do stay.
  const inPlay = !game.finished;

  return (
    // `data-in-play`: while it is there, the shell's notices sit above the screen, in its flow,
    // and never over the input or the letter tiles (notices/notice-stack.module.css).
    <div
      className={`${styles.screen} ${inPlay ? '' : styles.finished}`}
      data-in-play={inPlay || undefined}
    >
      {titled && (
        <h1 className="visually-hidden">
          {game.multiplayer ? `Versus game vs ${game.enemyName ?? 'opponent'}` : 'Solo game'}
        </h1>
      )}
      <div className={styles.scores}>
        <ScoresBox game={game} myName={username} feed={feed} waiting={waiting} />
        {username !== '' && isTalkGame(game) && (
          <GameTalk game={game} sequence={sequence} myName={username} />
        )}
        <GuestGameNote />
      </div>
      <div className={styles.last}>
        {end ? (
          <div className={styles.ended}>
            <p className={styles.endText}>{endText}</p>
            {/* The word stays on the page once the results are closed (once it can no longer
                help anyone: a daily's after its day). */}
            {game.target ? (
              <LetterTiles word={game.target} label={`The word was ${game.target.toUpperCase()}`} />
            ) : (
              game.daily &&
              game.deadline && <WordReveal deadline={game.deadline} className={styles.reveal} />
            )}
            <div className={`button-row ${styles.endActions}`}>
              <button
                ref={showResults}
                type="button"
                className="button"
                onClick={() => setResultsClosedFor(null)}
              >
                Show results
              </button>
              {/* The overlay has these too (its main action): on the page only once it is
                  closed, so never twice. Tab goes on to them from 'Show results'. */}
              {!resultsOpen && (
                <EndActions
                  rematch={rematchControls}
                  onPlayAgain={playAgain}
                  daily={game.daily === true}
                />
              )}
            </div>
          </div>
        ) : waiting ? (
          // The secret and the opponent's words come once they are done or out of time.
          <p className={styles.waitingFor}>Waiting for {game.enemyName ?? 'your opponent'}...</p>
        ) : (
          <LastGuess guess={game.guesses[0]} />
        )}
      </div>
      {/* Once finished, 'Waiting...' (versus) shows in the scores box, beside the opponent. */}
      {inPlay && (
        <div className={styles.form}>
          <GuessForm busy={play.busy} onGuess={play.send} onProblem={showAlert} />
        </div>
      )}
      {inPlay && (
        <div className={styles.alphabet}>
          <AlphabetBoard marks={marks} onCycle={cycle} />
        </div>
      )}
      <div className={styles.list}>
        {game.guesses.length > 0 && <h2 className={styles.listTitle}>Your guesses</h2>}
        <GuessList guesses={game.guesses} label="Your guesses" />
      </div>
      {inPlay && (
        <div className={styles.options}>
          <OptionsMenu
            resetting={resetting.busy}
            playing={play.busy}
            onReset={() => void resetBoard()}
            onGiveUp={() => void giveUp()}
          />
        </div>
      )}
      {game.finished && (
        <div className={styles.analysis}>
          <LazyGameAnalysis game={game} myName={username} headingLevel={2} />
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {endText ?? (waiting ? 'Waiting...' : announcement)}
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
          onPlayAgain={playAgain}
          rematch={rematchControls}
          summary={endSummary}
        />
      )}
    </div>
  );
}
