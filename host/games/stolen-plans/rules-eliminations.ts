// Stolen Plans rules: the eliminations of Rogue One Squad cards (RO2, H3, D15). The troopers'
// second way (`eliminate` moves): Orson Krennic with the Death Trooper aims at every squad card in
// play, the player's own included; the Death Trooper at all of one other player's; the Sand Trooper
// at one card of one other player's, the Shore Trooper at one card of the player on the left or
// right (the attacker chooses which). An elimination of one player's cards opens their
// target-response first (W7); then `elimination` asks each owner in turn, from the player's left,
// while they hold a card or cargo (W1, RO6): each Rebel Hero they discard saves one squad card (discarded after
// use: not a loss). The cards not saved are removed from play.

import type { Writer } from '../../engine/cow.ts';
import { answerTop, decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS, perCard, typeOf } from './cards.ts';
import { sameMove } from './rules-facts.ts';
import { askable } from './rules-cargo.ts';
import { nextTurn, openTargetResponse } from './rules-flow.ts';
import { playCards, pop, push, toDiscard, ownStack } from './rules-table.ts';
import { isSquad, squadInPlay, squadsOf } from './rules-squads.ts';
import type { Play } from './schema.ts';
import { handOf, leftOf, othersFrom, seatOf, type SpData, type SpEvent, type SpMove, type SpState } from './state.ts';

type Scope = Extract<Play['effect'], { kind: 'eliminate' }>['scope'];

/** The elimination plays of a card on one's own turn (the troopers' second way). */
const eliminatePlays = perCard((card: string): readonly (Play & { effect: { kind: 'eliminate'; scope: Scope } })[] =>
  CARDS.type(card).plays.filter((p): p is Play & { effect: { kind: 'eliminate'; scope: Scope } } => p.when === 'own-turn' && p.effect.kind === 'eliminate'),
);

export const isElimination = (card: string): boolean => eliminatePlays(card).length > 0;

/** The player on the right of `p` (the previous seat). */
const rightOf = (s: SpState, p: ActorId): ActorId => s.players[(seatOf(s, p) + s.players.length - 1) % s.players.length] as ActorId;

/** The players of `players` with a squad card in front of them. */
function withSquads(s: SpState, players: readonly ActorId[]): ActorId[] {
  return players.filter((p) => squadsOf(s, p).length > 0);
}

/** The eliminations this hand allows (D15: each needs a squad card to act on). */
export function eliminateMoves(s: SpState, actor: ActorId): SpMove[] {
  if (!squadInPlay(s)) return [];
  const hand = handOf(s, actor);
  const moves: SpMove[] = [];
  for (const card of hand) {
    for (const play of eliminatePlays(card)) {
      switch (play.effect.scope) {
        case 'every-squad-card': {
          // Krennic with the Death Trooper: each copy of the companion named by the data.
          const needed = (play.with ?? []).map((c) => c.card);
          if (needed.length !== 1 || needed[0] === undefined) break;
          for (const companion of hand.filter((h) => h !== card && typeOf(h) === needed[0])) moves.push({ actor, type: 'eliminate', card, with: [companion] });
          break;
        }
        case 'all-of-one-player':
          for (const target of withSquads(s, othersFrom(s, actor))) moves.push({ actor, type: 'eliminate', card, target });
          break;
        case 'one-card-of-one-player':
          for (const target of withSquads(s, othersFrom(s, actor)))
            for (const squad of squadsOf(s, target)) moves.push({ actor, type: 'eliminate', card, target, squad });
          break;
        case 'one-card-left-or-right': {
          // D29: with two players the left and the right are the same player, named once.
          const beside = [...new Set([leftOf(s, actor), rightOf(s, actor)])].filter((p) => p !== actor);
          for (const target of withSquads(s, beside)) for (const squad of squadsOf(s, target)) moves.push({ actor, type: 'eliminate', card, target, squad });
          break;
        }
      }
    }
  }
  return moves;
}

/** Why an elimination is not legal (T8), or null. */
export function eliminateProblem(s: SpState, move: Extract<SpMove, { type: 'eliminate' }>): string | null {
  if (!handOf(s, move.actor).includes(move.card)) return `you do not hold ${move.card}`;
  const name = CARDS.type(move.card).name;
  const plays = eliminatePlays(move.card);
  if (plays.length === 0) return `${name} eliminates no Rogue One Squad cards (RO2)`;
  if (eliminateMoves(s, move.actor).some((m) => sameMove(m, move))) return null;
  if (!squadInPlay(s)) return 'there is no Rogue One Squad card in play to eliminate (D15)';
  for (const c of move.with ?? []) if (!handOf(s, move.actor).includes(c)) return `you do not hold ${c} to play with it`;
  switch (plays[0]?.effect.scope) {
    case 'every-squad-card':
      return `${name} eliminates every squad card only with ${(plays[0]?.with ?? []).map((c) => (c.card === undefined ? '' : CARDS.catalog.card(c.card).name)).join(' and ')} from your hand, and names no player (RO2)`;
    case 'all-of-one-player':
      return `${name} eliminates the squad cards of another player who has some in front of them: name them, and no card (RO2, D15)`;
    case 'one-card-of-one-player':
      return `${name} eliminates one squad card in front of another player: name the player and that card (RO2)`;
    default:
      return `${name} eliminates one squad card in front of the player on your left or your right: name the player and that card (RO2)`;
  }
}

/** The squad cards an elimination aims at, and the players it is played at. */
function aimOf(s: SpState, move: Extract<SpMove, { type: 'eliminate' }>): { squads: string[]; targets: ActorId[]; scope: Scope } {
  const scope = eliminatePlays(move.card)[0]?.effect.scope ?? 'every-squad-card';
  if (scope === 'every-squad-card') {
    const squads = s.inPlay.filter((c) => isSquad(c.card)).map((c) => c.card);
    const owners = s.players.filter((p) => squadsOf(s, p).length > 0);
    return { squads, targets: owners, scope };
  }
  const target = move.target as ActorId;
  return { squads: scope === 'all-of-one-player' ? squadsOf(s, target) : [move.squad as string], targets: [target], scope };
}

/** RO2: the cards are played (discarded after use); one player's cards: target-response first (W7); then `elimination`. */
export function playEliminate(s: SpState, w: Writer, move: Extract<SpMove, { type: 'eliminate' }>, events: SpEvent[]): void {
  const cards = [move.card, ...(move.with ?? [])];
  const { squads, targets, scope } = aimOf(s, move);
  playCards(s, w, move.actor, 'eliminate', cards, targets, events);
  if (scope === 'every-squad-card') startElimination(s, w, move.actor, squads, events);
  else openTargetResponse(s, w, move.actor, targets[0] as ActorId, cards, 'other', 0, false, events, squads);
}

const ownerOf = (s: SpState, card: string): ActorId | null => s.inPlay.find((c) => c.card === card)?.owner ?? null;

/** The elimination goes through (its target-response passed): each owner, from the eliminator's left, may save cards (H3). */
export function startElimination(s: SpState, w: Writer, player: ActorId, squads: readonly string[], events: SpEvent[]): void {
  const owners = [...othersFrom(s, player), player].filter((p) => squads.some((c) => ownerOf(s, c) === p));
  askNext(s, w, player, squads, [], owners, events);
}

/** The next owner asked in `elimination` (W1: while they hold a card, whatever it is), or the end: the cards not saved leave play. */
function askNext(
  s: SpState,
  w: Writer,
  player: ActorId,
  squads: readonly string[],
  saved: readonly string[],
  owners: readonly ActorId[],
  events: SpEvent[],
): void {
  const rest = owners.slice();
  // W1, RO6: an owner is asked while they hold a card, or cargo they could unload to answer with.
  while (rest.length > 0 && askable(s, [rest[0] as ActorId]).length === 0) rest.shift();
  const [owner, ...after] = rest;
  if (owner !== undefined) {
    push(
      s,
      w,
      decision<SpData>({
        kind: 'elimination',
        asked: [owner],
        mayPass: true,
        close: 'first-taker',
        data: { at: 'elimination', player, owner, squads: [...squads], saved: [...saved], owners: after },
      }),
    );
    return;
  }
  const out = squads.filter((c) => !saved.includes(c));
  s.inPlay = s.inPlay.filter((c) => !out.includes(c.card));
  s.removed = [...s.removed, ...out];
  events.push({ type: 'eliminated', player, cards: out });
  nextTurn(s, w, events);
}

type ElimData = Extract<SpData, { at: 'elimination' }>;

/** The squad cards of the owner asked that may still be saved. */
const unsaved = (s: SpState, data: ElimData): string[] => data.squads.filter((c) => !data.saved.includes(c) && ownerOf(s, c) === data.owner);

/** The Rebel Heroes of a hand that save a squad card in `elimination` (H3). */
const savers = (s: SpState, p: ActorId): string[] =>
  handOf(s, p).filter((c) => CARDS.type(c).plays.some((x) => x.when === 'window:elimination' && x.effect.kind === 'save-squad'));

export function eliminationMoves(s: SpState, actor: ActorId, data: ElimData): SpMove[] {
  const moves: SpMove[] = [];
  for (const card of savers(s, actor)) for (const on of unsaved(s, data)) moves.push({ actor, type: 'react', card, on });
  moves.push({ actor, type: 'pass' });
  return moves;
}

export function eliminationProblem(s: SpState, move: SpMove, data: ElimData): string | null {
  if (move.type !== 'react') return 'save a squad card of yours with a Rebel Hero, or pass (H3)';
  if (!handOf(s, move.actor).includes(move.card)) return `you do not hold ${move.card}`;
  if (!savers(s, move.actor).includes(move.card)) return `${CARDS.type(move.card).name} is not a Rebel Hero: only a Rebel Hero saves a squad card (H3)`;
  if (move.with !== undefined) return 'one Rebel Hero saves one squad card (H3)';
  if (move.on === undefined || !unsaved(s, data).includes(move.on)) return 'name a squad card of yours this elimination aims at, not saved yet (RO2, H3)';
  return null;
}

/** A hero saves one squad card (discarded after use: not a loss, L3), and the owner is asked again while cards are left; or a pass. */
export function answerElimination(s: SpState, w: Writer, move: SpMove, data: ElimData, events: SpEvent[]): void {
  const stack = ownStack(s, w);
  if (move.type !== 'react' || move.on === undefined) {
    answerTop(stack, move.actor, 'pass', w);
    pop(s, w);
    events.push({ type: 'passed', player: move.actor, window: 'elimination' });
    askNext(s, w, data.player, data.squads, data.saved, data.owners, events);
    return;
  }
  answerTop(stack, move.actor, 'take', w);
  pop(s, w);
  toDiscard(s, w, move.actor, move.card);
  events.push({ type: 'reacted', player: move.actor, card: move.card, window: 'elimination', on: move.on });
  const saved = [...data.saved, move.on];
  const again = unsaved(s, { ...data, saved }).length > 0 && askable(s, [move.actor]).length > 0;
  askNext(s, w, data.player, data.squads, saved, again ? [move.actor, ...data.owners] : data.owners, events);
}
