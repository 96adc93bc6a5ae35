import type { EventSequence, GameDetail } from '../game-state.ts';
import { useGameTalk } from '../hooks/use-game-talk.ts';
import { PhraseBubbles } from './phrase-bubbles.tsx';
import { PhraseMenu } from './phrase-menu.tsx';

/**
 * The quick phrases of a versus game between people, under the scores box (docs/PRODUCT.md,
 * 'Quick phrases'): 'Say…' between the two sides' bubbles. For a signed-in player only (saying
 * needs an account); only phrases said after the screen opened show as bubbles (the ones before
 * are old news).
 */
export function GameTalk({
  game,
  sequence,
  myName,
}: {
  game: GameDetail;
  sequence: EventSequence;
  myName: string;
}) {
  const talk = useGameTalk(game, sequence);
  return (
    <PhraseBubbles heard={talk.heard} after={talk.openedAt} myName={myName} muted={talk.muted}>
      <PhraseMenu
        onSay={talk.say}
        saying={talk.saying}
        muted={talk.muted}
        muting={talk.muting}
        onToggleMute={talk.toggleMute}
      />
    </PhraseBubbles>
  );
}
