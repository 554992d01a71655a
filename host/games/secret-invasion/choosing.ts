// A discard chosen in small steps (the engine's path steps, host/engine/steps.ts, in the game's
// own words): the card, then, where the card needs one, the target, then, where it needs one,
// the value named; each step but the last may be taken back (`undo`). Boba Fett's second try is
// chosen the same way: guess again, the target, the value. A target that is the only one offered
// (the one opponent in a two-player game) is taken with the step before it, as nothing is left
// to choose; `undo` then goes back past it. What each step asks and offers is
// worked out here once, for the legal move lists, the judge and the rules.
//
// Whether a card needs a target depends only on public facts (who is still in the round and not
// protected), and the values offered are always the same, so no step tells anything of a hand.

import type { Character, Effect } from './deck.ts';
import type { PlayerId, SecretInvasionState } from './model.ts';
import { openSeatBits, type Seating, seatBit, targetableOpponents } from './table.ts';

type State = Pick<SecretInvasionState, 'stage' | 'choosing'> & Seating;

/** What the turn player is asked now: the card, a second try or not, the target, the value; `none` when nobody chooses. */
export type Ask = 'card' | 'again' | 'target' | 'value' | 'none';

export function askOf(s: State): Ask {
  if (s.stage !== 'turn' && s.stage !== 'second-try') return 'none';
  if (s.choosing === null) return s.stage === 'turn' ? 'card' : 'again';
  return s.choosing.target === null ? 'target' : 'value';
}

/** How a card's effect picks its target: an opponent, an opponent or no one (Han Solo's look is optional), anyone in the round (Luke Skywalker), nobody. */
export type TargetKind = 'opponent' | 'opponent-or-no-one' | 'anyone' | 'none';

export function targetKindOf(effect: Effect): TargetKind {
  switch (effect) {
    case 'guess':
    case 'guess-twice':
    case 'compare-lower-out':
    case 'compare-higher-out':
    case 'swap':
      return 'opponent';
    case 'look':
      return 'opponent-or-no-one';
    case 'redraw':
      return 'anyone';
    case 'protect':
    case 'none':
    case 'out-when-discarded':
      return 'none';
  }
}

/** Whether the effect names a value once it has a target (a Stormtrooper or Boba Fett guess). */
export function namesValue(effect: Effect): boolean {
  return effect === 'guess' || effect === 'guess-twice';
}

/** Players still in the round and not protected, the actor included, in seat order. */
function openSeats(s: Seating): PlayerId[] {
  const open = openSeatBits(s);
  return s.seats.filter((_, i) => (open & seatBit(i)) !== 0).map((seat) => seat.id);
}

/**
 * The targets offered once `character` is chosen, in seat order (null first: no one), or null
 * when the card is played at once without a target step: a card without a target, or an effect
 * on opponents when every opponent is protected or out (it then has no effect).
 */
export function targetOptions(s: Seating, actor: PlayerId, character: Character): (PlayerId | null)[] | null {
  const kind = targetKindOf(character.effect);
  if (kind === 'none') return null;
  if (kind === 'anyone') return openSeats(s);
  const opponents = targetableOpponents(s, actor);
  if (opponents.length === 0) return null;
  return kind === 'opponent' ? opponents : [null, ...opponents];
}

/** `targetOffer`: no target step (the card is played at once). */
export const NO_TARGET_STEP = 0;
/** `targetOffer`: a target step with a choice to make. */
export const TARGET_STEP = 1;

/**
 * What `targetOptions` and `onlyTarget` say together, without building the list (every discard
 * asks it): NO_TARGET_STEP where the options are null, the one target where `onlyTarget` finds
 * one, TARGET_STEP otherwise.
 */
export function targetOffer(s: Seating, actor: PlayerId, character: Character): PlayerId | typeof NO_TARGET_STEP | typeof TARGET_STEP {
  return targetOfferOfKind(
    s,
    s.seats.findIndex((seat) => seat.id === actor),
    targetKindOf(character.effect),
  );
}

/** `targetOffer` for the player at seat `me` and a card whose target kind is known (the rules know both once per step). */
export function targetOfferOfKind(s: Seating, me: number, kind: TargetKind): PlayerId | typeof NO_TARGET_STEP | typeof TARGET_STEP {
  if (kind === 'none') return NO_TARGET_STEP;
  const anyone = kind === 'anyone';
  // The seats offered, as seat bits: a bit alone is the only target.
  const offered = anyone ? openSeatBits(s) : openSeatBits(s) & ~seatBit(me);
  if (offered === 0) return anyone ? TARGET_STEP : NO_TARGET_STEP;
  if ((offered & (offered - 1)) === 0 && kind !== 'opponent-or-no-one') return (s.seats[31 - Math.clz32(offered)] as Seating['seats'][number]).id;
  return TARGET_STEP;
}

/** The targets of Boba Fett's second guess (an opponent in the round and not protected). */
export function secondGuessTargets(s: Seating, actor: PlayerId): PlayerId[] {
  return targetableOpponents(s, actor);
}

/** The one target offered, taken without a step of its own; undefined when there is a choice (or no target). */
export function onlyTarget(options: readonly (PlayerId | null)[] | null): PlayerId | undefined {
  return options !== null && options.length === 1 && options[0] !== null ? options[0] : undefined;
}

/** The targets offered at the target step being asked now (the chosen card's, or Boba Fett's second guess's). */
export function targetsAsked(s: State, actor: PlayerId, characterOf: (id: string) => Character): readonly (PlayerId | null)[] | null {
  if (s.choosing === null) return null;
  return s.stage === 'second-try' ? secondGuessTargets(s, actor) : targetOptions(s, actor, characterOf(s.choosing.character));
}

/** A view's players as the seats `targetOptions` reads (who is in the round and not protected). */
export function seatsSeen(players: readonly { readonly id: PlayerId; readonly inRound: boolean; readonly protected: boolean }[]): Seating {
  let outSeats = 0;
  let protectedSeats = 0;
  players.forEach((p, i) => {
    if (!p.inRound) outSeats |= seatBit(i);
    if (p.protected) protectedSeats |= seatBit(i);
  });
  return { seats: players.map((p) => ({ id: p.id, name: '', tokens: 0, hand: [], discards: [] })), outSeats, protectedSeats };
}
