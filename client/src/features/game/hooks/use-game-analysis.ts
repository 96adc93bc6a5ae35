import { useQuery } from '@tanstack/react-query';
import { analysisQuery } from '../api/game-api.ts';
import { type GameDetail, isOpponentFinished } from '../game-state.ts';

/**
 * The post-game analysis of `game` once it is `ready` (isAnalysisReady: the server refuses it
 * before), and again once the versus opponent has finished, when it adds their steps.
 */
export function useGameAnalysis(game: GameDetail, ready: boolean) {
  return useQuery({
    ...analysisQuery(game.id, isOpponentFinished(game)),
    enabled: ready,
  });
}
