// The engine's checks over every game of the registry (host/games/index.ts), so a game gets
// them by being registered: random playouts keep the table-game contract and replay from their
// logs (`fuzzTable`); the judge accepts exactly the moves each actor is listed among every move
// any actor is listed (`legalMovesMatchJudge`, the other actors' moves given to each); a game
// with hidden information shows nobody what they may not know in a view, a prompt or a legal move
// (`checkHiddenInformation`). Each
// game's own tests run these longer and with its own candidates and invariants.

import { describe, expect, it } from 'vitest';
import type { ActorId, MoveBase } from '../../host/engine/table-game.ts';
import { checkHiddenInformation, fuzzTable, legalMovesMatchJudge } from '../../host/engine/table-check.ts';
import { playTable, randomTableBot, type TableBot } from '../../host/engine/table-play.ts';
import { TABLE_ENTRIES } from '../../host/games/index.ts';
import { TABLE, type TableEntry } from '../../host/table/entry.ts';
import { playerNames, tableSizes } from '../support/table-sizes.ts';

/** A seat's id standing alone ("p2"), not inside its name's brackets ("Ana (p2)"). */
const BARE_ID = /(?<![\w(-])p\d+(?![\w)-])/;

/** The prompts of two seeded random games (every viewer, after every move) that show a bare seat id or an open decision's kind ("(target-response)"). */
function promptProblems<Config, State, Move extends MoveBase, View, Event>(entry: TableEntry<Config, State, Move, View, Event>, players: number): string[] {
  const { game } = entry;
  const problems: string[] = [];
  for (const seed of [1, 2]) {
    const config = entry.configFor(playerNames(players), {});
    const opening = game.setup(config, seed);
    const actors = [...game.players(opening.state), ...game.meta.externalActors];
    const seating: Record<ActorId, TableBot<State, Move, View>> = {};
    for (const actor of actors) seating[actor] = randomTableBot<State, Move, View>();
    playTable(game, config, seed, seating, {
      maxSteps: 400,
      check: ({ after }) => {
        const kinds = game.decisions(after).map((d) => `(${d.kind})`);
        for (const viewer of [TABLE, ...actors]) {
          const prompt = game.prompt(after, viewer);
          if (BARE_ID.test(prompt) || kinds.some((kind) => prompt.includes(kind))) problems.push(`seed ${seed}, ${viewer}: ${prompt}`);
        }
        return [];
      },
    });
  }
  return problems;
}

/** Every move any actor is listed now (an external actor's unasked moves too), as `actor`'s: the candidates the judge must sort. */
function everyonesMoves<Config, State, Move extends MoveBase, View, Event>(
  entry: TableEntry<Config, State, Move, View, Event>,
): (state: State, actor: ActorId) => Move[] {
  const { game } = entry;
  return (state, actor) => {
    const seen = new Set<string>();
    const moves: Move[] = [];
    for (const other of [...game.players(state), ...game.meta.externalActors]) {
      for (const move of [...game.legalMoves(state, other), ...(game.externalMoves?.(state, other) ?? [])]) {
        const mine = { ...move, actor } as Move;
        const key = JSON.stringify(mine);
        if (!seen.has(key)) moves.push(mine);
        seen.add(key);
      }
    }
    return moves;
  };
}

for (const registered of TABLE_ENTRIES) {
  registered.use((entry) => {
    const { game } = entry;
    describe.each(tableSizes(entry))(`${registered.title}, %i players: the engine's checks`, (players) => {
      const config = () => entry.configFor(playerNames(players), {});

      it('random playouts keep the contract, end, and replay from their logs', { timeout: 120_000 }, () => {
        const report = fuzzTable(game, { games: 3, firstSeed: 1, config, maxSteps: 40_000 });
        expect(report.failures.map((f) => `seed ${f.seed} step ${f.step}: ${f.problem.slice(0, 300)}`)).toEqual([]);
        expect(report.finished).toBe(3);
      });

      it("the judge accepts exactly each actor's listed moves, among every move anyone is listed", { timeout: 120_000 }, () => {
        const report = legalMovesMatchJudge(game, { games: 2, firstSeed: 7, config, maxSteps: 1_500, candidates: everyonesMoves(entry) });
        expect(report.problems).toEqual([]);
        expect(report.compared).toBeGreaterThan(0);
      });

      // Views, prompts, legal moves and whose move it is, for every seat; a move's events are each
      // game's own test's to check (a move may show a card by the rules, as Secret Invasion's C-3PO
      // shows both compared cards to both players, and the secrets are taken before the move).
      it('every prompt names a seat by its name ("Ana (p1)"), never by its id alone or a decision\'s kind', () => {
        expect(promptProblems(entry, players).slice(0, 5)).toEqual([]);
      });

      it.runIf(game.hidden)('no view, prompt or legal move shows anyone what they may not know', { timeout: 120_000 }, () => {
        const report = checkHiddenInformation(game, { games: 2, firstSeed: 11, config, maxSteps: 700, samples: 1, checkEvents: () => false });
        expect(report.problems).toEqual([]);
      });
    });
  });
}
