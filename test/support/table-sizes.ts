// The table sizes a test of every registered game plays each game at.
import { GameConfigError, type MoveBase } from '../../host/engine/table-game.ts';
import type { TableEntry } from '../../host/table/entry.ts';

/** The names of a table of `n`: "Player 1" ... */
export const playerNames = (n: number): string[] => Array.from({ length: n }, (_, i) => `Player ${i + 1}`);

/** The smallest table and the largest one the default options seat (Stolen Plans' base deck is for 2 to 5). */
export function tableSizes<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>): number[] {
  const { min, max } = entry.game.meta.players;
  const seats = (n: number): boolean => {
    try {
      entry.game.setup(entry.configFor(playerNames(n), {}), 1);
      return true;
    } catch (error) {
      if (error instanceof GameConfigError) return false;
      throw error;
    }
  };
  let largest = max;
  while (largest > min && !seats(largest)) largest--;
  return [...new Set([min, largest])];
}
