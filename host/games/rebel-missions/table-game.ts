// Rebel Missions on the engine's table-game shape (engine/table-game.ts): an `OpenTableGame`,
// cooperative, with the Imperial Timer as an external actor.
// - metadata is data (data/meta.json, checked against the engine's schema);
// - the decision stack, from the state's stage: "awaiting-start" asks the timer (its START);
//   a "turn" asks the turn player; Play pushes a "play" window (all-committed) asking the turn
//   player, All Play an "all-play" window asking every player, each closing their part with
//   "finish"; a completed coded mission pushes "enter-code" asking the timer (CHIME, BUZZ,
//   FANFARE answer it); above them all, a chance decision while one is pending (play.ts): the
//   set-up's shuffles (the tokens, then the placards: a new game's first two moves), the two
//   Rebel dice (`roll`, faces as data with their odds: dice.ts), or a reshuffle of a pile;
// - the timer's TIME and TIMEOUT are `externalMoves`, outside the stack, at any moment after
//   START;
// - legal moves are built directly (`buildLegalMoves`), the judge kept as the oracle;
// - the rules are written once (play.ts): `apply` copy-on-write, `applyInPlace` on a clone;
// - results per player: 1 to everyone on a win, 0 on a loss.

import metaJson from './data/meta.json' with { type: 'json' };
import type { Bot } from '../../engine/table-play.ts';
import { CHANCE, chanceDecision, type Decision } from '../../engine/decisions.ts';
import { GameConfigError, type ActorId } from '../../engine/table-game.ts';
import { checkMeta, type GameMeta } from '../../engine/meta.ts';
import { viewBot, type TableBot } from '../../engine/table-play.ts';
import { defineTableGame, type OpenTableGame, type TableResult, type WrittenRules } from '../../engine/table-game.ts';
import { abilityUnusable, catalogOf, seatOf, tokenUnplayable, type Catalog } from './catalog.ts';
import { STANDARD_COMPONENTS, type Components } from './load.ts';
import { judgeTable, pendingSpec, playTableMove, type Root } from './play.ts';
import {
  BUZZ_REASONS,
  TIMER,
  type PackIdentity,
  type RebelMissionsConfig,
  type RebelMissionsEvent,
  type RebelMissionsMove,
  type RebelMissionsView,
  type RebelTableMove,
  type RebelTableState,
} from './model.ts';
import { seatedState } from './setup.ts';
import { viewFor } from './view.ts';

type State = RebelTableState;
type Move = RebelTableMove;

/** Why a game set up with `config` cannot be dealt from these placards (`pack`: a user's own, or undefined for the built-in). */
export function packProblem(wanted: PackIdentity | undefined, pack: PackIdentity | undefined): string | null {
  if (wanted === undefined && pack === undefined) return null;
  if (wanted === undefined)
    return `this game was dealt from the built-in placards, not from ${pack?.name ?? 'a pack'} (${pack?.file ?? ''}): play it without --pack`;
  if (pack === undefined) return `this game was dealt from the placards of "${wanted.name}" (${wanted.file}): play it with --pack ${wanted.file}`;
  if (wanted.sum !== pack.sum)
    return `this game was dealt from the placards of "${wanted.name}" (${wanted.file}, placards sum ${wanted.sum}), and ${pack.file} holds other placards now (sum ${pack.sum})`;
  return null;
}

export type RebelMissionsTable = OpenTableGame<RebelMissionsConfig, State, Move, RebelMissionsView, RebelMissionsEvent>;

export const REBEL_MISSIONS_META: GameMeta = checkMeta(metaJson, 'host/games/rebel-missions/data/meta.json');

const open = (kind: string, asked: ActorId[], close: Decision['close'], answered: ActorId[] = [], data: unknown = null): Decision => ({
  kind,
  asked,
  mayPass: [],
  close,
  answered,
  taker: null,
  chance: null,
  data,
});

/** The decision stack: from the stage, with the pending chance decision on top. */
export function decisionsOf(catalog: Catalog, s: State): Decision[] {
  const base = stageDecisions(s);
  const spec = pendingSpec(catalog, s);
  if (spec !== null) base.push(chanceDecision(s.pending?.kind ?? 'chance', spec, null));
  return base;
}

function stageDecisions(s: State): Decision[] {
  const turn = (): Decision => open('turn', [s.turnPlayer], 'first-taker', [], { turnNumber: s.turnNumber, stage: s.stage });
  switch (s.stage) {
    case 'awaiting-start':
      return [open('awaiting-start', [TIMER], 'first-taker')];
    case 'roll':
    case 'choose':
    case 'drawn':
      return [turn()];
    case 'play':
      return [turn(), open('play', [s.turnPlayer], 'all-committed')];
    case 'all-play': {
      const asked = s.seats.map((seat) => seat.id);
      return [
        turn(),
        open(
          'all-play',
          asked,
          'all-committed',
          asked.filter((p) => !s.allPlayWaiting.includes(p)),
        ),
      ];
    }
    case 'enter-code':
      return [turn(), open('enter-code', [TIMER], 'first-taker', [], s.codeRequest)];
    case 'won':
    case 'lost':
      return [];
  }
}

/** The moves `actor` may make on the stack now, built directly, in the judge's candidate order. */
export function buildLegalMoves(catalog: Catalog, s: State, actor: ActorId): Move[] {
  if (s.pending !== null) return []; // chance is drawing (sampled by the runner, or the table's dice)
  if (actor === TIMER) {
    if (s.stage === 'awaiting-start') return [{ actor: TIMER, type: 'start', leftMs: catalog.components.representativeStartMs }];
    if (s.stage !== 'enter-code') return [];
    return [
      { actor: TIMER, type: 'chime', found: s.codesFound + 1 },
      ...BUZZ_REASONS.map((reason) => ({ actor: TIMER, type: 'buzz', reason }) as const),
      { actor: TIMER, type: 'fanfare' },
    ];
  }
  const seat = seatOf(s, actor);
  if (seat === undefined) return [];
  const turnPlayer = actor === s.turnPlayer;
  switch (s.stage) {
    case 'roll':
      return turnPlayer ? [{ actor, type: 'roll' }] : [];
    case 'choose': {
      if (!turnPlayer || s.dice === null) return [];
      const dice = s.dice;
      // One move per face shown (two dice showing the same face are the same choice).
      return dice.flatMap((face, die) => (dice.indexOf(face) === die ? [{ actor, type: 'choose', die } as const] : []));
    }
    case 'drawn':
      return turnPlayer
        ? [
            { actor, type: 'roll' },
            { actor, type: 'end-turn' },
          ]
        : [];
    case 'play':
    case 'all-play': {
      if (s.stage === 'play' ? !turnPlayer : !s.allPlayWaiting.includes(actor)) return [];
      // Tokens of one kind are the same to play: the first held of each kind is listed (the judge takes any).
      const moves: Move[] = [];
      const kinds: string[] = [];
      for (const token of seat.hand) {
        const kind = catalog.token(token).kind;
        if (kinds.includes(kind)) continue;
        kinds.push(kind);
        if (tokenUnplayable(catalog, s, token) === null) moves.push({ actor, type: 'play-token', token });
      }
      if (abilityUnusable(catalog, s, actor) === null) moves.push({ actor, type: 'use-ability' });
      moves.push({ actor, type: 'finish' });
      return moves;
    }
    default:
      return [];
  }
}

function resultOf(s: State): TableResult {
  const players = s.seats.map((seat) => seat.id);
  // Cooperative: the whole table wins (1 each) or loses (0 each) together.
  const all = (value: number): Record<ActorId, number> => Object.fromEntries(players.map((p) => [p, value]));
  if (s.stage === 'won') return { finished: true, returns: all(1), winners: players, winningTeams: [], summary: `won: ${s.codesFound} correct codes entered` };
  if (s.stage === 'lost') return { finished: true, returns: all(0), winners: [], winningTeams: [], summary: 'lost: time ran out' };
  return { finished: false };
}

function promptFor(catalog: Catalog, s: State, actor: ActorId): string {
  const name = (id: ActorId): string => seatOf(s, id)?.name ?? id;
  if (s.pending?.kind === 'set-up-tokens') return 'Setting up: the resource tokens are mixed face down.';
  if (s.pending?.kind === 'set-up-placards') return 'Setting up: the mission placards are shuffled and the top one turned over.';
  if (s.pending?.kind === 'roll') return actor === s.turnPlayer ? 'Roll the two Rebel dice.' : `${name(s.turnPlayer)} rolls the dice.`;
  if (s.pending !== null) return 'Shuffling the discards into a new pile.';
  switch (s.stage) {
    case 'awaiting-start':
      return actor === TIMER ? 'Start the game (START).' : 'Press the triangle button on the timer to start.';
    case 'enter-code':
      return actor === TIMER ? 'Report the code entered (CHIME, BUZZ or FANFARE).' : `Enter the code of "${catalog.placard(s.placard).name}" on the timer.`;
    case 'roll':
      return actor === s.turnPlayer ? 'Roll the dice.' : `${name(s.turnPlayer)} rolls.`;
    case 'choose':
      return actor === s.turnPlayer ? 'Choose a die.' : `${name(s.turnPlayer)} chooses a die.`;
    case 'drawn':
      return actor === s.turnPlayer ? 'Roll again or end your turn.' : `${name(s.turnPlayer)} rolls again or ends the turn.`;
    case 'play':
      return actor === s.turnPlayer ? 'Play tokens or your ability, then finish.' : `${name(s.turnPlayer)} plays.`;
    case 'all-play':
      return s.allPlayWaiting.includes(actor) ? 'All Play: play tokens or your ability, then finish.' : 'All Play: waiting for the others to finish.';
    case 'won':
    case 'lost':
      return 'The game is over.';
  }
}

/** How far the listed TIME reading runs the clock down (any reading is accepted: this is a representative one). */
export const TIME_STEP_MS = 10_000;

/**
 * Rebel Missions as a table game, with the given components (the boxed ones by default); `pack`
 * names a user's own pack of placards (a game's config carries the same identity, checked at set-up).
 */
export function createRebelMissionsTable(components: Components = STANDARD_COMPONENTS, pack?: PackIdentity): RebelMissionsTable {
  const catalog = catalogOf(components);
  const meta: GameMeta = { ...REBEL_MISSIONS_META, players: { ...components.players } };
  const rules: WrittenRules<State, Move, RebelMissionsEvent> = {
    judge: (s, move) => judgeTable(catalog, s, move),
    play: (root, move, writer) => playTableMove(catalog, root as Root, move, writer),
  };
  return defineTableGame<RebelMissionsConfig, State, Move, RebelMissionsView, RebelMissionsEvent>(rules, {
    meta,
    hidden: false,
    setup: (config, seed) => {
      const wanted: unknown = typeof config === 'object' && config !== null ? config.pack : undefined;
      const problem = packProblem(typeof wanted === 'object' && wanted !== null ? (wanted as PackIdentity) : undefined, pack);
      if (problem !== null) throw new GameConfigError(`cannot set up Rebel Missions: ${problem}`);
      // The piles in catalog order: the set-up's shuffles are chance's first moves (no events until then).
      return { state: { ...seatedState(catalog, config, seed), pending: { kind: 'set-up-tokens' } }, events: [] };
    },
    players: (s) => s.seats.map((seat) => seat.id),
    decisions: (s) => decisionsOf(catalog, s),
    rng: (s) => s.rng,
    legalMoves: (s, actor) => buildLegalMoves(catalog, s, actor),
    view: (s, actor) => viewFor(catalog, s, actor),
    result: resultOf,
    prompt: (s, actor) => promptFor(catalog, s, actor),
    externalMoves: (s, actor) =>
      actor !== TIMER || s.stage === 'awaiting-start' || s.stage === 'won' || s.stage === 'lost'
        ? []
        : [
            // A representative reading: the time run down by a step of the timer's (TIME_STEP_MS).
            { actor: TIMER, type: 'time', leftMs: Math.max(0, (s.timeLeftMs ?? catalog.components.representativeStartMs) - TIME_STEP_MS) },
            { actor: TIMER, type: 'timeout' },
          ],
  });
}

/**
 * A bot of the older shape (it sees the view and the players' moves: rebel-bot.ts) seated at the
 * table game. Chance's moves are never a player's, so its legal moves are the players' own.
 */
export function tableBot(name: string, bot: Bot<RebelMissionsView, RebelMissionsMove>): TableBot<State, Move, RebelMissionsView> {
  return viewBot<State, Move, RebelMissionsView>(name, (view, legal, random) => bot(view, legal.filter(isPlayerOrTimerMove), random));
}

function isPlayerOrTimerMove(move: Move): move is RebelMissionsMove {
  return move.actor !== CHANCE;
}

/** Rebel Missions with the boxed components. */
export const rebelMissionsTable: RebelMissionsTable = createRebelMissionsTable();
