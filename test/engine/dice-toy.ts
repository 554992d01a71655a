// "Skirmish", a small but real dice game in the shape of The Queen's Gambit's battles, for
// testing the engine: two sides, open information, dice with special faces (toy-dice.json).
// On your turn choose in small steps: a unit, then an enemy target (with a step back), then
// the attack dice are rolled, then the target's defence dice; each block cancels a hit, each
// riposte face hits the attacker back. Or choose your pilot: two six-sided dice are rolled and
// the pilot advances when the 2d6 total is not blocked on the grid ahead. A side wins when the
// other has no units left or its pilot crosses the last grid; after the turn limit it is a draw.

import { fileURLToPath } from 'node:url';
import { chanceMoveProblem, chanceStream, diceById, diceFileSchema, rollTotal, type ChanceMove, type Die } from '../../host/engine/chance.ts';
import type { Writer } from '../../host/engine/cow.ts';
import { answerProblem, chanceDecision, decision, isWaitingOn, topDecision, type Decision } from '../../host/engine/decisions.ts';
import { cloneData } from '../../host/engine/draft.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, type GameMeta } from '../../host/engine/meta.ts';
import { seedRng, type RngState } from '../../host/engine/rng.ts';
import { readDataFile } from '../../host/engine/schema.ts';
import { applyPathStep, pathStepProblem, pathSteps, type PathStep } from '../../host/engine/steps.ts';
import { winnerReturns, type OpenTableGame, type TableConfig, type TableResult, type WrittenRules } from '../../host/engine/table-game.ts';
import { writtenToyParts } from './written-toy.ts';

export const DICE_FILE = fileURLToPath(new URL('./toy-dice.json', import.meta.url));
export const TOY_DICE = readDataFile(diceFileSchema, DICE_FILE, 'test/engine/toy-dice.json');
export const die = diceById(TOY_DICE);

export const DICE_META: GameMeta = checkMeta({
  id: 'skirmish',
  title: 'Skirmish',
  players: { min: 2, max: 2 },
  teams: [],
  cooperative: false,
  hiddenInformation: false,
  simultaneous: false,
  chance: true,
  dice: true,
  externalActors: [],
  options: [{ id: 'turn-limit', text: 'turns before the game is a draw', kind: 'number', min: 10, max: 200, default: 60 }],
  rules: [],
});

/** Units by kind: hit points and dice (ids in toy-dice.json). */
const UNITS = {
  trooper: { hp: 1, attack: ['grey'], defence: [] as string[] },
  tank: { hp: 3, attack: ['red', 'grey'], defence: ['gold'] },
  jedi: { hp: 3, attack: ['red', 'red'], defence: ['green'] },
} as const;
type UnitKind = keyof typeof UNITS;
const ROSTER: readonly UnitKind[] = ['trooper', 'trooper', 'tank', 'jedi'];

/** The 2d6 totals blocked on each grid the pilot must cross, in order (data, as the printed grids are). */
export const GRIDS: readonly (readonly number[])[] = [
  [2, 3, 12],
  [2, 4, 10, 11, 12],
  [3, 5, 6, 8, 9, 11],
];

export interface Unit {
  id: string;
  side: ActorId;
  kind: UnitKind;
  hp: number;
}

export type DiceData =
  | { readonly at: 'turn'; readonly player: ActorId; readonly path: string[] }
  | { readonly at: 'attack-roll'; readonly attacker: string; readonly target: string }
  | { readonly at: 'defence-roll'; readonly attacker: string; readonly target: string; readonly hits: number }
  | { readonly at: 'pilot-roll'; readonly player: ActorId };

export interface DiceState {
  game: 'skirmish';
  players: ActorId[];
  units: Unit[];
  pilots: Record<ActorId, number>;
  turn: number;
  turnLimit: number;
  stack: Decision<DiceData>[];
  winner: ActorId | null;
  over: boolean;
  rng: RngState;
}

export type DiceMove = ({ readonly actor: ActorId; readonly type: 'step' } & { readonly step: PathStep }) | ChanceMove;

export type DiceEvent =
  | { readonly type: 'turn-started'; readonly player: ActorId; readonly turn: number }
  | { readonly type: 'rolled'; readonly dice: readonly string[]; readonly faces: readonly string[]; readonly for: string }
  | { readonly type: 'damage'; readonly unit: string; readonly hits: number; readonly destroyed: boolean }
  | { readonly type: 'pilot'; readonly player: ActorId; readonly total: number; readonly advanced: boolean; readonly at: number }
  | { readonly type: 'game-over'; readonly winner: ActorId | null };

type Config = TableConfig;

const other = (s: DiceState, p: ActorId): ActorId => (s.players[0] === p ? s.players[1] : s.players[0]) as ActorId;
const unitById = (s: DiceState, id: string): Unit | undefined => s.units.find((u) => u.id === id);
const alive = (s: DiceState, side: ActorId): Unit[] => s.units.filter((u) => u.side === side && u.hp > 0);
const diceOf = (ids: readonly string[]): Die[] => ids.map(die);

/** The options offered for the path chosen so far; empty when the path is complete. */
function optionsAt(s: DiceState, player: ActorId, path: readonly string[]): string[] {
  if (path.length === 0) return [...alive(s, player).map((u) => u.id), ...((s.pilots[player] ?? 0) < GRIDS.length ? ['pilot'] : [])];
  if (path[0] === 'pilot' || path.length >= 2) return [];
  return alive(s, other(s, player)).map((u) => u.id);
}

function legalMoves(s: DiceState, actor: ActorId): DiceMove[] {
  const d = topDecision(s.stack);
  if (d === null || d.data.at !== 'turn' || !isWaitingOn(d, actor)) return [];
  return pathSteps(d.data.path, optionsAt(s, actor, d.data.path)).map((step) => ({ actor, type: 'step', step }));
}

function judge(s: DiceState, move: DiceMove): string | null {
  const d = topDecision(s.stack);
  if (d === null) return 'the game is over';
  if (move.type === 'chance') return chanceMoveProblem(d.chance, move);
  if (d.data.at !== 'turn') return 'the dice are being rolled';
  const asked = answerProblem(d, move.actor, 'take');
  if (asked !== null) return asked;
  return pathStepProblem(d.data.path, optionsAt(s, move.actor, d.data.path), move.step);
}

function startTurn(s: DiceState, player: ActorId, events: DiceEvent[]): void {
  s.turn += 1;
  if (s.turn > s.turnLimit) {
    s.over = true;
    s.stack = [];
    events.push({ type: 'game-over', winner: null });
    return;
  }
  s.stack = [decision({ kind: 'turn', asked: [player], close: 'first-taker', data: { at: 'turn', player, path: [] } })];
  events.push({ type: 'turn-started', player, turn: s.turn });
}

function win(s: DiceState, winner: ActorId, events: DiceEvent[]): void {
  s.winner = winner;
  s.over = true;
  s.stack = [];
  events.push({ type: 'game-over', winner });
}

function damage(s: DiceState, w: Writer, unitId: string, hits: number, events: DiceEvent[]): void {
  if (hits <= 0) return;
  const units = w.own(s, 'units');
  const unit = w.own(
    units,
    s.units.findIndex((u) => u.id === unitId),
  );
  unit.hp = Math.max(0, unit.hp - hits);
  events.push({ type: 'damage', unit: unitId, hits, destroyed: unit.hp === 0 });
}

function play(s: DiceState, move: DiceMove, w: Writer): DiceEvent[] {
  const events: DiceEvent[] = [];
  const d = topDecision(s.stack) as Decision<DiceData>;
  const data = d.data;
  if (move.type === 'chance') {
    const faces = move.outcome as readonly string[];
    const dice = d.chance !== null && d.chance.kind === 'roll' ? d.chance.dice : [];
    s.rng = chanceStream(s.rng).next;
    events.push({ type: 'rolled', dice: dice.map((x) => x.id), faces, for: d.kind });
    s.stack = [];
    if (data.at === 'pilot-roll') {
      const at = s.pilots[data.player] ?? 0;
      const total = rollTotal(dice, faces, 'pips');
      const advanced = !(GRIDS[at] ?? []).includes(total);
      if (advanced) {
        const pilots = w.own(s, 'pilots');
        pilots[data.player] = at + 1;
      }
      events.push({ type: 'pilot', player: data.player, total, advanced, at: s.pilots[data.player] ?? 0 });
      if ((s.pilots[data.player] ?? 0) >= GRIDS.length) win(s, data.player, events);
      else startTurn(s, other(s, data.player), events);
      return events;
    }
    if (data.at === 'attack-roll') {
      const hits = rollTotal(dice, faces, 'hit');
      const target = unitById(s, data.target) as Unit;
      const defence = UNITS[target.kind].defence;
      if (hits > 0 && defence.length > 0) {
        s.stack = [
          chanceDecision<DiceData>(
            'defence-roll',
            { kind: 'roll', dice: diceOf(defence) },
            { at: 'defence-roll', attacker: data.attacker, target: data.target, hits },
          ),
        ];
        return events;
      }
      damage(s, w, data.target, hits, events);
    } else if (data.at === 'defence-roll') {
      const blocks = rollTotal(dice, faces, 'block');
      damage(s, w, data.target, data.hits - blocks, events);
      damage(s, w, data.attacker, rollTotal(dice, faces, 'riposte'), events);
    }
    const attackerId = data.at === 'attack-roll' || data.at === 'defence-roll' ? data.attacker : '';
    const side = (unitById(s, attackerId) as Unit).side;
    if (alive(s, other(s, side)).length === 0) win(s, side, events);
    else if (alive(s, side).length === 0) win(s, other(s, side), events);
    else startTurn(s, other(s, side), events);
    return events;
  }
  if (data.at !== 'turn') throw new Error('a step while the dice are rolled');
  const stack = w.own(s, 'stack');
  const top = w.own(stack, stack.length - 1);
  const path = [...data.path];
  applyPathStep(path, move.step);
  top.data = { ...data, path };
  if (optionsAt(s, move.actor, path).length > 0 || move.step.step === 'back') return events;
  // The choice is complete: the turn decision gives way to the dice.
  if (path[0] === 'pilot') {
    s.stack = [chanceDecision<DiceData>('pilot-roll', { kind: 'roll', dice: diceOf(['d6', 'd6']) }, { at: 'pilot-roll', player: move.actor })];
  } else {
    const unit = unitById(s, path[0] as string) as Unit;
    s.stack = [
      chanceDecision<DiceData>(
        'attack-roll',
        { kind: 'roll', dice: diceOf(UNITS[unit.kind].attack) },
        { at: 'attack-roll', attacker: unit.id, target: path[1] as string },
      ),
    ];
  }
  return events;
}

const rules: WrittenRules<DiceState, DiceMove, DiceEvent> = { judge, play };

function setup(config: Config, seed: number): { state: DiceState; events: DiceEvent[] } {
  checkPlayerCount(DICE_META, config.players.length);
  const options = resolveOptions(DICE_META, config.options);
  const players = ['p1', 'p2'];
  const units: Unit[] = players.flatMap((side) => ROSTER.map((kind, i) => ({ id: `${side}-${kind}-${i + 1}`, side, kind, hp: UNITS[kind].hp })));
  const s: DiceState = {
    game: 'skirmish',
    players,
    units,
    pilots: { p1: 0, p2: 0 },
    turn: 0,
    turnLimit: options['turn-limit'] as number,
    stack: [],
    winner: null,
    over: false,
    rng: seedRng(seed),
  };
  const events: DiceEvent[] = [];
  startTurn(s, 'p1', events);
  return { state: s, events };
}

function result(s: DiceState): TableResult {
  if (!s.over) return { finished: false };
  if (s.winner === null) return { finished: true, returns: { p1: 0.5, p2: 0.5 }, winners: [], winningTeams: [], summary: 'a draw: the turn limit was reached' };
  return { finished: true, returns: winnerReturns(s.players, [s.winner]), winners: [s.winner], winningTeams: [], summary: `${s.winner} wins` };
}

function prompt(s: DiceState, actor: ActorId): string {
  const d = topDecision(s.stack);
  if (d === null) return 'The game is over.';
  if (d.chance !== null) return `Roll the ${d.chance.kind === 'roll' ? d.chance.dice.map((x) => x.name).join(' and ') : 'dice'}.`;
  if (d.data.at !== 'turn' || d.data.player !== actor) return `Waiting for ${d.asked.join(', ')}.`;
  return d.data.path.length === 0 ? 'Choose a unit to attack with, or your pilot.' : `Choose the target for ${d.data.path[0]}.`;
}

export const diceGame: OpenTableGame<Config, DiceState, DiceMove, DiceState, DiceEvent> = {
  meta: DICE_META,
  hidden: false,
  setup,
  ...writtenToyParts(rules),
  legalMoves,
  view: (s) => cloneData(s) as DiceState,
  result,
  prompt,
  undoes: (m) => m.type === 'step' && m.step.step === 'back',
};

export function diceCandidates(s: DiceState, actor: ActorId): DiceMove[] {
  const options = ['pilot', ...s.units.map((u) => u.id)];
  return [...options.map((option): DiceMove => ({ actor, type: 'step', step: { step: 'choose', option } })), { actor, type: 'step', step: { step: 'back' } }];
}
