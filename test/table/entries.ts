// The table front end's entries for the engine's toy games (and Secret Invasion's, from production): what
// a game brings to plug in (its TableGame, a small renderer, its bots, its configuration, its
// timer binding). The rest is generic (host/table/).

import {
  reactionGame,
  reactionHeuristicMove,
  kindOf,
  type ReactionEvent,
  type ReactionMove,
  type ReactionState,
  type ReactionView,
} from '../engine/reaction-toy.ts';
import { planGame, type PlanEvent, type PlanMove, type PlanState, type PlanView } from '../engine/plan-toy.ts';
import { diceGame, type DiceEvent, type DiceMove, type DiceState } from '../engine/dice-toy.ts';
import { TIMER, timerGame, type TimerEvent, type TimerMove, type TimerState } from '../engine/timer-toy.ts';
import type { ActorId } from '../../host/engine/table-game.ts';
import type { TableConfig } from '../../host/engine/table-game.ts';
import { randomTableBot, viewBot } from '../../host/engine/table-play.ts';
import { searchBot } from '../../host/engine/search-bot.ts';
import { TABLE, type BotChoice, type TableEntry, type TimerCommand, type TableRenderer } from '../../host/table/entry.ts';

type Names = Readonly<Record<ActorId, string>>;
const who = (names: Names, viewer: string, id: ActorId): string => (id === viewer ? 'you' : (names[id] ?? id));
const tableConfig = (names: readonly string[], options: Readonly<Record<string, unknown>>): TableConfig => ({
  players: names.map((name) => ({ name })),
  options: options as TableConfig['options'],
});

function randomChoice<S, M, V>(): BotChoice<S, M, V> {
  return { id: 'random', text: 'plays any legal move', make: () => randomTableBot<S, M, V>() };
}

// ---- Ambush (reactions) ----

const AMBUSH_TEXT: Readonly<Record<string, string>> = {
  plans: 'the Plans: hold them when the deck runs out to win; never discarded',
  attack3: 'Attack 3: the target defends or loses the difference',
  attack5: 'Attack 5: the target defends or loses the difference',
  defend2: 'Defend 2 against an attack',
  defend3: 'Defend 3 against an attack',
  steal: 'Steal a random card from a player',
  protect: 'Protection: cancel a Defend just played',
  missturn: 'Miss a Turn: cancel the turn starting',
  burn: 'Burn: every other player discards a card',
};

export const ambushRenderer: TableRenderer<ReactionView, ReactionMove, ReactionEvent> = {
  viewLines(view, names) {
    const lines = view.players.map(
      (p) => `${p.id === view.viewer ? '*' : ' '} ${names[p.id] ?? p.id}: ${p.cards} cards${p.known.length > 0 ? ` (known: ${p.known.join(', ')})` : ''}`,
    );
    lines.push(`deck ${view.deck}, discards: ${view.discard.join(' ') || 'none'}`);
    if (view.hand.length > 0) lines.push(`your hand: ${view.hand.join(' ')}`);
    return lines;
  },
  moveLabel(move, _view, names) {
    switch (move.type) {
      case 'draw':
        return { label: 'draw a card' };
      case 'pass':
        return { label: 'pass' };
      case 'nothing-to-discard':
        return { label: 'nothing to discard' };
      case 'attack':
      case 'steal':
        return { label: `${move.type} ${names[move.target] ?? move.target} with ${move.card}`, hint: AMBUSH_TEXT[kindOf(move.card)] ?? '' };
      case 'chance':
        return { label: 'chance' };
      default:
        return { label: `${move.type} ${move.card}`, hint: AMBUSH_TEXT[kindOf(move.card)] ?? '' };
    }
  },
  eventLines(e, viewer, names) {
    const p = (id: ActorId): string => who(names, viewer, id);
    switch (e.type) {
      case 'dealt':
        return [`${p(e.player)} got ${e.count} cards${e.cards === null ? '' : `: ${e.cards.join(' ')}`}.`];
      case 'turn-started':
        return [`Turn ${e.turn}: ${p(e.player)}.`];
      case 'window-opened':
        return [`A ${e.window} window asks ${e.asked.map(p).join(', ')}.`];
      case 'passed':
        return [`${p(e.player)} passed on the ${e.window}.`];
      case 'drew':
        return [`${p(e.player)} drew ${e.card ?? 'a card'}.`];
      case 'played':
        return [`${p(e.player)} played ${e.card}${e.target === null ? '' : ` at ${p(e.target)}`}.`];
      case 'turn-missed':
        return [`${p(e.player)} misses the turn (${p(e.by)}).`];
      case 'defence-cancelled':
        return [`${p(e.by)} cancelled the ${e.defend}.`];
      case 'attack-resolved':
        return [`Attack ${e.attack} against defence ${e.defence}: ${e.loser === null ? 'no loss' : `${p(e.loser)} discards ${e.cards}`}.`];
      case 'discarded':
        return [`${p(e.player)} discarded ${e.card}.`];
      case 'kept-back':
        return [`${p(e.player)} keeps ${e.count} back.`];
      case 'stolen':
        return [`${p(e.thief)} stole ${e.card ?? 'a card'} from ${p(e.victim)}.`];
      case 'game-over':
        return [`${p(e.winner)} ${e.winner === viewer ? 'win' : 'wins'} with ${e.plans}.`];
    }
  },
};

export const ambushEntry: TableEntry<TableConfig, ReactionState, ReactionMove, ReactionView, ReactionEvent> = {
  game: reactionGame,
  renderer: ambushRenderer,
  bots: [
    randomChoice(),
    {
      id: 'heuristic',
      text: 'plays its cards sensibly',
      make: () => viewBot('heuristic', (view, legalMoves, random) => reactionHeuristicMove({ view, legalMoves, random })),
    },
    { id: 'search', text: 'searches (ISMCTS, 40 iterations)', make: () => searchBot(reactionGame, { timeMs: null, iterations: 40 }) },
  ],
  defaultBot: 'heuristic',
  configFor: tableConfig,
  timer: {
    kind: 'device',
    commandsFor: (events) =>
      events.flatMap((e): TimerCommand[] => (e.type === 'game-over' ? [{ play: 'fanfare' }] : e.type === 'stolen' ? [{ play: 'click' }] : [])),
  },
};

// ---- Gambit (simultaneous plans) ----

export const gambitRenderer: TableRenderer<PlanView, PlanMove, PlanEvent> = {
  viewLines(view, names) {
    const lines = view.sides.map((s) => `${s.id}: ${s.points} points, guard ${s.guard}, deck ${s.deck}`);
    for (const [p, plan] of Object.entries(view.plans)) {
      lines.push(
        `${names[p] ?? p}: ${view.handCounts[p] ?? 0} cards${plan.picked === null ? '' : `, plan ${plan.picked.join(' ') || '-'}${plan.bonus ? ` + ${plan.bonus} bonus` : ''}`}${plan.committed ? ' (committed)' : ''}`,
      );
    }
    for (const [p, hand] of Object.entries(view.hands)) lines.push(`${p === view.viewer ? 'your' : `${names[p] ?? p}'s`} hand: ${hand.join(' ')}`);
    return lines;
  },
  moveLabel(move) {
    switch (move.type) {
      case 'pick':
        return { label: `pick ${move.card}`, hint: `worth ${move.card.split('-')[1]}` };
      case 'undo':
        return { label: 'undo the last pick' };
      case 'slide-bonus':
        return { label: 'slide a bonus card beneath', hint: 'unseen by everyone, you too' };
      case 'take-back-bonus':
        return { label: 'take a bonus card back' };
      default:
        return { label: move.type };
    }
  },
  eventLines(e, viewer, names) {
    const p = (id: ActorId): string => who(names, viewer, id);
    switch (e.type) {
      case 'drew':
        return [`${p(e.player)} drew ${e.count}${e.cards === null ? '' : `: ${e.cards.join(' ')}`}.`];
      case 'round-started':
        return [`Round ${e.round}; the marker is with ${p(e.marker)}.`];
      case 'planned':
        return [`${p(e.player)}: ${e.move.type}${e.move.type === 'pick' ? ` ${e.move.card}` : ''}.`];
      case 'committed':
        return [`${p(e.player)} committed.`];
      case 'turned-over':
        return [`${p(e.player)} turned over ${e.card}${e.bonus ? ' (bonus)' : ''}.`];
      case 'struck':
        return [`${p(e.player)} struck with ${e.value} against ${e.guard}: ${e.scored ? 'scored' : 'blocked'}.`];
      case 'guarded':
        return [`${p(e.player)} guards with ${e.value}.`];
      case 'bonus-won':
        return [`${e.side} won a bonus card${e.card === null ? '' : ` (${e.card})`}.`];
      case 'game-over':
        return [
          `Game over: ${Object.entries(e.points)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}.`,
        ];
    }
  },
};

export const gambitEntry: TableEntry<TableConfig, PlanState, PlanMove, PlanView, PlanEvent> = {
  game: planGame,
  renderer: gambitRenderer,
  bots: [randomChoice(), { id: 'search', text: 'searches (ISMCTS, 30 iterations)', make: () => searchBot(planGame, { timeMs: null, iterations: 30 }) }],
  defaultBot: 'random',
  configFor: tableConfig,
  timer: null,
};

// ---- Skirmish (unit, target, dice) ----

export const skirmishRenderer: TableRenderer<DiceState, DiceMove, DiceEvent> = {
  viewLines(view, names) {
    return view.players.map(
      (p) =>
        `${names[p] ?? p}: ${view.units
          .filter((u) => u.side === p)
          .map((u) => `${u.id} ${u.kind} ${u.hp}hp`)
          .join(', ')}; pilot at ${view.pilots[p] ?? 0}`,
    );
  },
  moveLabel(move) {
    if (move.type === 'chance') return { label: `dice: ${JSON.stringify(move.outcome)}` };
    return move.step.step === 'back' ? { label: 'back' } : { label: move.step.option };
  },
  eventLines(e, viewer, names) {
    const p = (id: ActorId): string => who(names, viewer, id);
    switch (e.type) {
      case 'turn-started':
        return [`Turn ${e.turn}: ${p(e.player)}.`];
      case 'rolled':
        return [`Rolled ${e.faces.join(', ')} for ${e.for}.`];
      case 'damage':
        return [`${e.unit} takes ${e.hits}${e.destroyed ? ' and is destroyed' : ''}.`];
      case 'pilot':
        return [`${p(e.player)}'s pilot rolls ${e.total}: ${e.advanced ? `advances to ${e.at}` : 'stays'}.`];
      case 'game-over':
        return [e.winner === null ? 'A draw.' : `${p(e.winner)} ${e.winner === viewer ? 'win' : 'wins'}.`];
    }
  },
};

export const skirmishEntry: TableEntry<TableConfig, DiceState, DiceMove, DiceState, DiceEvent> = {
  game: diceGame,
  renderer: skirmishRenderer,
  bots: [randomChoice()],
  defaultBot: 'random',
  configFor: tableConfig,
  timer: null,
};

// ---- Countdown (the timer as an external actor) ----

export const countdownRenderer: TableRenderer<TimerState, TimerMove, TimerEvent> = {
  viewLines(view, names) {
    const left = view.leftMs === null ? 'not started' : `${Math.ceil(view.leftMs / 1000)} s left`;
    return [`bank ${view.bank} of ${view.target}, this turn ${view.turnTotal}, ${left}`, `players: ${view.players.map((p) => names[p] ?? p).join(', ')}`];
  },
  moveLabel(move) {
    return move.type === 'roll'
      ? { label: 'roll the die', hint: 'a 1 loses this turn' }
      : move.type === 'hold'
        ? { label: 'hold', hint: 'bank this turn for the team' }
        : { label: move.type };
  },
  eventLines(e, viewer, names) {
    const p = (id: ActorId): string => who(names, viewer, id);
    switch (e.type) {
      case 'started':
        return [`The timer started: ${Math.round(e.leftMs / 1000)} s.`];
      case 'time-left':
        return [`${Math.round(e.leftMs / 1000)} s left.`];
      case 'rolled':
        return [`${p(e.player)} rolled ${e.pips}: ${e.turnTotal} this turn.`];
      case 'held':
        return [`${p(e.player)} held: the bank is ${e.bank}.`];
      case 'turn-started':
        return [`${p(e.player)}'s turn.`];
      case 'game-over':
        return [e.outcome === 'won' ? 'The team wins!' : 'Time ran out: the team loses.'];
    }
  },
};

export const countdownEntry: TableEntry<TableConfig, TimerState, TimerMove, TimerState, TimerEvent> = {
  game: timerGame,
  renderer: countdownRenderer,
  bots: [{ id: 'random', text: 'rolls or holds at random', make: () => randomTableBot<TimerState, TimerMove, TimerState>() }],
  defaultBot: 'random',
  configFor: tableConfig,
  timer: {
    kind: 'external',
    actor: TIMER,
    moveFor(event) {
      switch (event.name) {
        case 'START':
          return { actor: TIMER, type: 'start', leftMs: event.leftMs };
        case 'TIME':
        case 'WARN':
          return { actor: TIMER, type: 'time', leftMs: event.leftMs };
        case 'TIMEOUT':
          return { actor: TIMER, type: 'timeout' };
        default:
          return null;
      }
    },
  },
};

// ---- Secret Invasion: the production entry ----

export { secretInvasionEntry, secretInvasionRenderer } from '../../host/games/secret-invasion/table-entry.ts';

export { TABLE };
