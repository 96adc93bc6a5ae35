import { formatCountdown, useNow } from '@/lib/use-now.ts';

/** Said where the word would be, on a daily lost or given up before its day has ended. */
export const WORD_REVEAL_TEXT = 'The word is revealed at midnight UTC';

/**
 * A daily's word stays secret to everyone until its day ends (docs/PRODUCT.md, 'Secrecy'), so
 * a player who lost or gave up is told when, with the time left. The board is fetched again
 * at that moment (useGameBoard) and shows the word then.
 */
export function WordReveal({ deadline, className }: { deadline: string; className?: string }) {
  const now = useNow(1000);
  const left = new Date(deadline).getTime() - now.getTime();
  return (
    <p className={className}>
      <span>{WORD_REVEAL_TEXT}</span> (in{' '}
      <time role="timer" className="numeric" dateTime={deadline}>
        {formatCountdown(left)}
      </time>
      )
    </p>
  );
}
