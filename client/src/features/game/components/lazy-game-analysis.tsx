import { lazy, Suspense } from 'react';
import { LoadErrorBoundary } from '@/components/load-error-boundary.tsx';
import type { GameAnalysisProps } from './game-analysis.tsx';

// The analysis is its own chunk, fetched once a game has ended: the landing does not load it,
// and a game in play loads only the few bytes that name the chunk instead of the whole view.
const GameAnalysis = lazy(async () => ({
  default: (await import('./game-analysis.tsx')).GameAnalysis,
}));

/** Said in the analysis's place when its chunk could not be loaded. */
export const ANALYSIS_LOAD_FAILED = 'The analysis could not be loaded.';

/**
 * The post-game analysis, loaded on first use. If its chunk cannot be loaded, it says so in its
 * place: the end of the game, the results and 'Play again!' / 'Rematch!' stay.
 */
export function LazyGameAnalysis(props: GameAnalysisProps) {
  return (
    <LoadErrorBoundary fallback={<p>{ANALYSIS_LOAD_FAILED}</p>}>
      <Suspense fallback={<p>Analysing your guesses...</p>}>
        <GameAnalysis {...props} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
