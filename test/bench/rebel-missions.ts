// Rebel Missions figures, run bundled (rebel-missions.section.ts), warmed up, best of three
// passes: games per second of random self-play at each table size, the timer played by a
// stand-in that runs the clock down (TIME, then TIMEOUT at 0) and answers each code at random.
// The table-game shape (the dice and shuffles as chance moves sampled from the state's
// generator) with the persistent copy-on-write `apply` and with `applyInPlace` on a clone.

import { sampledChanceMove } from '../../host/engine/chance.ts';
import { CHANCE } from '../../host/engine/decisions.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import { randomFrom, seedRng, type Random } from '../../host/engine/rng.ts';
import { chanceAsMove, openChance, toMove } from '../../host/engine/table-game.ts';
import type { RebelTableMove, RebelTableState } from '../../host/games/rebel-missions/model.ts';
import { rebelMissionsTable as game } from '../../host/games/rebel-missions/table-game.ts';
import { formatNumber, type BenchFigure } from './section.ts';

const PROFILES = ['kanan', 'ezra', 'sabine', 'zeb', 'hera'];
type Mode = 'in place' | 'copy on write';

function configFor(players: number): { players: { name: string; profile: string }[] } {
  return { players: PROFILES.slice(0, players).map((profile, i) => ({ name: `Rebel ${i + 1}`, profile })) };
}

/** The timer's move now, or null: a TIME every fifth step (TIMEOUT once the clock is at 0). */
function timerMove(timeLeftMs: number | null, started: boolean, random: Random): RebelTableMove | null {
  if (!started || random.below(5) !== 0) return null;
  const left = Math.max(0, (timeLeftMs ?? 0) - 10_000);
  return left > 0 || timeLeftMs === null ? { actor: 'timer', type: 'time', leftMs: left } : { actor: 'timer', type: 'timeout' };
}

function selfPlayTable(players: number, games: number, inPlace: boolean): number {
  const config = configFor(players);
  let moves = 0;
  for (let seed = 1; seed <= games; seed++) {
    const random = randomFrom(seedRng(seed));
    let state: RebelTableState = game.setup(config, seed).state;
    if (inPlace) state = game.clone(state);
    for (;;) {
      const actors = toMove(game, state);
      if (actors.length === 0) break;
      let move: RebelTableMove | null = null;
      if (actors[0] === CHANCE)
        move = chanceAsMove<RebelTableMove>(sampledChanceMove(openChance(game, state) ?? { kind: 'index', size: 1, secret: true }, state.rng));
      else move = timerMove(state.timeLeftMs, state.stage !== 'awaiting-start', random);
      if (move === null) {
        const actor = (actors.length === 1 ? actors[0] : random.pick(actors)) as ActorId;
        move = random.pick(game.legalMoves(state, actor));
      }
      if (inPlace) game.applyInPlace(state, move);
      else {
        const applied = game.apply(state, move);
        if (!applied.ok) throw new Error(applied.reason);
        state = applied.state;
      }
      moves++;
    }
  }
  return moves;
}

function run(players: number, games: number, mode: Mode): { perSecond: number; movesPerGame: number; movesPerSecond: number } {
  const start = performance.now();
  const moves = selfPlayTable(players, games, mode === 'in place');
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: games / seconds, movesPerGame: moves / games, movesPerSecond: moves / seconds };
}

export default function rebelMissionsFigures(): BenchFigure[] {
  const modes: Mode[] = ['copy on write', 'in place'];
  for (const players of [1, 3, 5]) for (const mode of modes) run(players, 100, mode); // warm up
  const figures: BenchFigure[] = [];
  for (const players of [1, 3, 5]) {
    for (const mode of modes) {
      let best = { perSecond: 0, movesPerGame: 0, movesPerSecond: 0 };
      for (let pass = 0; pass < 3; pass++) {
        const r = run(players, 200, mode);
        if (r.perSecond > best.perSecond) best = r;
      }
      // The table game logs each roll's faces as chance's own move: compare moves/s as well as games/s.
      figures.push({
        label: `random self-play, ${players} player${players === 1 ? '' : 's'}, ${mode}`,
        value: `${formatNumber(best.perSecond)} games/s (${best.movesPerGame.toFixed(0)} moves a game, ${formatNumber(best.movesPerSecond)} moves/s)`,
      });
    }
  }
  return figures;
}
