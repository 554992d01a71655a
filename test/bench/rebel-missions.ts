// Rebel Missions figures, run bundled (rebel-missions.section.ts), warmed up, best of three
// passes: games per second of random self-play on the table-game shape at each table size, the
// timer played by a stand-in that runs the clock down (TIME, then TIMEOUT at 0) and answers each
// code at random, with the persistent `apply` (judged, the state copied whole) and with
// `applyInPlace` on a clone.

import type { ActorId } from '../../host/engine/game.ts';
import { randomFrom, seedRng, type Random } from '../../host/engine/rng.ts';
import { toMove } from '../../host/engine/table-game.ts';
import type { RebelMissionsMove, RebelMissionsState } from '../../host/games/rebel-missions/model.ts';
import { rebelMissionsTable as game } from '../../host/games/rebel-missions/table-game.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const PROFILES = ['kanan', 'ezra', 'sabine', 'zeb', 'hera'];
type Mode = 'in place' | 'copy per move';

function configFor(players: number): { players: { name: string; profile: string }[] } {
  return { players: PROFILES.slice(0, players).map((profile, i) => ({ name: `Rebel ${i + 1}`, profile })) };
}

/** The timer's move now, or null: a TIME every fifth step (TIMEOUT once the clock is at 0). */
function timerMove(state: RebelMissionsState, random: Random): RebelMissionsMove | null {
  const external = game.externalMoves?.(state, 'timer') ?? [];
  if (external.length === 0 || random.below(5) !== 0) return null;
  const time = external[0] as RebelMissionsMove;
  return time.type === 'time' && time.leftMs > 0 ? time : (external[1] as RebelMissionsMove);
}

function selfPlay(players: number, games: number, mode: Mode): { perSecond: number; movesPerGame: number } {
  const config = configFor(players);
  let moves = 0;
  const start = performance.now();
  for (let seed = 1; seed <= games; seed++) {
    const random = randomFrom(seedRng(seed));
    let state = game.setup(config, seed).state;
    if (mode === 'in place') state = game.clone(state);
    for (;;) {
      const actors = toMove(game, state);
      if (actors.length === 0) break;
      let move = timerMove(state, random);
      if (move === null) {
        const actor = (actors.length === 1 ? actors[0] : random.pick(actors)) as ActorId;
        move = random.pick(game.legalMoves(state, actor));
      }
      if (mode === 'in place') game.applyInPlace(state, move);
      else {
        const applied = game.apply(state, move);
        if (!applied.ok) throw new Error(applied.reason);
        state = applied.state;
      }
      moves++;
    }
  }
  return { perSecond: games / ((performance.now() - start) / 1000), movesPerGame: moves / games };
}

export default function rebelMissionsFigures(): BenchFigure[] {
  const modes: Mode[] = ['copy per move', 'in place'];
  for (const players of [1, 3, 5]) for (const mode of modes) selfPlay(players, 100, mode); // warm up
  const figures: BenchFigure[] = [];
  for (const players of [1, 3, 5]) {
    for (const mode of modes) {
      let best = 0;
      let movesPerGame = 0;
      for (let pass = 0; pass < 3; pass++) {
        const run = selfPlay(players, 400, mode);
        best = Math.max(best, run.perSecond);
        movesPerGame = run.movesPerGame;
      }
      figures.push({
        label: `random self-play, ${players} player${players === 1 ? '' : 's'}, ${mode}`,
        value: `${formatNumber(best)} games/s (${movesPerGame.toFixed(0)} moves a game)`,
      });
    }
  }
  return figures;
}
