// Stolen Plans rules: the Rogue One Squad cards in play (RO1, RO3-RO5, A2, D5, D7, D22). A squad
// card is placed in front of its player (an `action` move; Gather Intelligence and Defection name a
// nominee) and works only for the player it lies in front of. Locate Plans and Reprogram take the
// whole turn (`use-squad`); Force-Attuned lets its owner play Jedi Only cards on their own turn
// (J2); Gather Intelligence peeks at what its nominee drew on their turn (`drawn`, quick, D22);
// Defection draws when its nominee plays an Imperial card (`imperial-played`, before the play goes
// on); the U-Wing moves one player's squad cards to its player, who nominates anew (`nominate`).
// The eliminations are in rules-eliminations.ts.

import type { Writer } from '../../engine/cow.ts';
import { decision } from '../../engine/decisions.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { CARDS } from './cards.ts';
import { actionPlay, holders, isJedi } from './rules-facts.ts';
import { push, takeFromHand } from './rules-table.ts';
import type { Play } from './schema.ts';
import { handOf, othersFrom, type SpData, type SpMove, type SpState, turnPlayer } from './state.ts';

export type Data<K extends SpData['at']> = Extract<SpData, { at: K }>;

export const isSquad = (card: string): boolean => CARDS.has(card, 'squad');

/** The squad cards in front of `p` (RO1). */
export const squadsOf = (s: SpState, p: ActorId): string[] => s.inPlay.filter((c) => c.owner === p && isSquad(c.card)).map((c) => c.card);

/** Whether any squad card lies in play (D15: what an elimination or the U-Wing needs). */
export const squadInPlay = (s: SpState): boolean => s.inPlay.some((c) => isSquad(c.card));

/** The card in front of `p` whose play answers `window` (Gather Intelligence in `drawn`, Defection in `imperial-played`). */
export function inPlayAnswer(s: SpState, p: ActorId, window: string): string | null {
  const when = `window:${window}`;
  for (const c of s.inPlay) if (c.owner === p && CARDS.type(c.card).plays.some((x) => x.from === 'in-play' && x.when === when)) return c.card;
  return null;
}

/** The owners of a card answering `window` that nominates `nominee` (RO4: only the player a card lies in front of uses it). */
export function nominators(s: SpState, nominee: ActorId, window: string): ActorId[] {
  const found: ActorId[] = [];
  // Nothing in play, nobody (asked at the end of every turn that drew).
  if (s.inPlay.length === 0) return found;
  for (const p of s.players) {
    const card = inPlayAnswer(s, p, window);
    if (card !== null && s.inPlay.some((c) => c.card === card && c.nominee === nominee)) found.push(p);
  }
  return found;
}

/** J2: on their own turn a player plays Jedi Only cards with a Jedi card, or with Force-Attuned in front of them (not after Remove Jedi). */
export function jediOnTurn(s: SpState, p: ActorId): boolean {
  if (isJedi(s, p)) return true;
  return !s.jediRemoved && s.inPlay.some((c) => c.owner === p && (CARDS.type(c.card).inPlay ?? []).some((x) => x.kind === 'jedi-only-on-own-turn'));
}

// ---- placing (RO1, RO4) ----

/** The moves placing `card` in front of its player: one, or one per nominee for a card that nominates (RO4). */
export function placeMoves(s: SpState, actor: ActorId, card: string, play: Play): SpMove[] {
  if (play.effect.kind !== 'place') return [];
  if (play.effect.nominate === true) return othersFrom(s, actor).map((target) => ({ actor, type: 'action', card, target }));
  return [{ actor, type: 'action', card }];
}

// ---- the whole turn: Locate Plans, Reprogram (RO3) ----

/** The own-turn play of a card in play (Locate Plans' look, Reprogram's take). */
export const turnUse = (card: string): Play | null => CARDS.type(card).plays.find((p) => p.from === 'in-play' && p.when === 'own-turn') ?? null;

export function useSquadMoves(s: SpState, actor: ActorId): SpMove[] {
  const moves: SpMove[] = [];
  for (const c of s.inPlay) {
    if (c.owner !== actor) continue;
    const effect = turnUse(c.card)?.effect;
    if (effect?.kind === 'peek') for (const target of holders(s, othersFrom(s, actor))) moves.push({ actor, type: 'use-squad', card: c.card, target });
    if (effect?.kind === 'take-from-discard') for (const take of s.discard) moves.push({ actor, type: 'use-squad', card: c.card, take });
  }
  return moves;
}

export function useSquadProblem(s: SpState, move: Extract<SpMove, { type: 'use-squad' }>): string | null {
  const placed = s.inPlay.find((c) => c.card === move.card);
  const effect = turnUse(move.card)?.effect;
  if (effect === undefined) return `${move.card} is not a card used from in front of you for a turn (RO3)`;
  if (placed === undefined || placed.owner !== move.actor) return `${CARDS.type(move.card).name} is not in front of you: only its owner uses it (RO1)`;
  if (effect.kind === 'peek') {
    if (move.take !== undefined) return `${CARDS.type(move.card).name} looks at a hand: name a target, nothing to take`;
    const target = move.target;
    if (target === undefined || !s.players.includes(target) || target === move.actor) return `choose another player at the table, not "${target ?? ''}"`;
    return handOf(s, target).length === 0 ? `${target} holds no cards: there is nothing to look at (D15)` : null;
  }
  if (move.target !== undefined) return `${CARDS.type(move.card).name} takes a card from the discard pile: name it, no player`;
  if (move.take === undefined || !s.discard.includes(move.take)) return `${move.take ?? 'that card'} is not in the discard pile (RO3)`;
  return null;
}

// ---- the U-Wing (RO5) ----

/** The U-Wing's moves: at another player with a squad card in front of them (D15). */
export function moveSquadMoves(s: SpState, actor: ActorId, card: string): SpMove[] {
  return othersFrom(s, actor)
    .filter((p) => squadsOf(s, p).length > 0)
    .map((target) => ({ actor, type: 'action', card, target }));
}

// ---- Defection (RO4, A2, D7) ----

/** The cards a move plays from the hand (a card and its companions; a Defend's cards), as a Defection sees them. */
export function playedCards(move: SpMove): string[] {
  switch (move.type) {
    case 'attack':
    case 'steal':
    case 'action':
    case 'eliminate':
    case 'react':
      return [move.card, ...(move.with ?? [])];
    case 'strike':
    case 'assault':
    case 'give':
    case 'place-jedi':
    case 'mind-trick':
    case 'force-vision':
    case 'jedi-wisdom':
      return [move.card];
    case 'defend':
    case 'hero-steal':
      return [...move.cards];
    default:
      return [];
  }
}

/** The moves of a turn that play no card from the hand. */
const NOT_FROM_HAND: ReadonlySet<string> = new Set(['draw', 'pass', 'resource', 'reactivate', 'use-squad']);

/**
 * A2, RO4: a move of the player nominated with Defection that plays an Imperial card from their hand
 * (a turn's play, or an answer in target-response) first opens `imperial-played` for the owner,
 * while the draw pile holds a card: the cards lie on the table, face up, and the play goes on once
 * the window closes (rules-play.ts). Once per play. Revealed cards (Traitor's) are not played.
 */
export function openImperialPlayed(s: SpState, w: Writer, move: SpMove, data: SpData): boolean {
  // Nothing in play: no Defection to ask (nominators), whatever the move (asked at every move).
  if (move.type === 'chance' || s.drawPile.length === 0 || s.winners !== null || s.inPlay.length === 0) return false;
  const turnPlay = (data.at === 'turn' || data.at === 'extra-play') && !NOT_FROM_HAND.has(move.type);
  if (!turnPlay && !(data.at === 'target-response' && move.type === 'react')) return false;
  if (move.type === 'action' && actionPlay(move.card, move.way)?.effect.kind === 'win') return false;
  const cards = playedCards(move);
  if (!cards.some((c) => CARDS.has(c, 'imperial'))) return false;
  const asked = nominators(s, move.actor, 'imperial-played');
  if (asked.length === 0) return false;
  for (const c of cards) takeFromHand(s, w, move.actor, c);
  s.onTable = [...s.onTable, ...cards];
  push(
    s,
    w,
    decision<SpData>({ kind: 'imperial-played', asked, mayPass: true, close: 'first-taker', data: { at: 'imperial-played', player: move.actor, cards, move } }),
  );
  return true;
}

// ---- Gather Intelligence (RO4, T4, D22) ----

/** The player's draws on their own turn are counted for Gather Intelligence (D22). */
export function noteDrawn(s: SpState, player: ActorId, card: string): void {
  if (player === turnPlayer(s)) s.drawnThisTurn = [...s.drawnThisTurn, card];
}

/** D22: once the turn's play is over, `drawn` (quick) asks the owner of a Gather Intelligence nominating a turn player who drew. */
export function openDrawn(s: SpState, w: Writer): boolean {
  const player = turnPlayer(s);
  if (s.drawnThisTurn.length === 0) return false;
  const asked = nominators(s, player, 'drawn');
  if (asked.length === 0) {
    s.drawnThisTurn = [];
    return false;
  }
  push(
    s,
    w,
    decision<SpData>({
      kind: 'drawn',
      asked,
      mayPass: true,
      close: 'first-taker',
      data: { at: 'drawn', player, count: s.drawnThisTurn.length, quickSeconds: s.rules.quickWindowSeconds },
    }),
  );
  return true;
}

// ---- the windows' moves, judge and play ----

export function squadWindowMoves(s: SpState, actor: ActorId, data: Data<'imperial-played' | 'drawn' | 'nominate'>): SpMove[] {
  if (data.at === 'nominate') {
    const card = data.cards[0];
    return card === undefined ? [] : othersFrom(s, actor).map((target) => ({ actor, type: 'nominate', card, target }));
  }
  const card = inPlayAnswer(s, actor, data.at);
  return [...(card !== null ? [{ actor, type: 'react', card } as const] : []), { actor, type: 'pass' }];
}

export function squadWindowProblem(s: SpState, move: SpMove, data: Data<'imperial-played' | 'drawn' | 'nominate'>): string | null {
  if (data.at === 'nominate') {
    if (move.type !== 'nominate') return 'nominate another player for the squad card that came to you (RO5)';
    if (move.card !== data.cards[0]) return `nominate for ${CARDS.type(data.cards[0] ?? move.card).name} first (RO5)`;
    return s.players.includes(move.target) && move.target !== move.actor ? null : `nominate another player at the table, not "${move.target}" (RO4)`;
  }
  const name = data.at === 'drawn' ? 'Gather Intelligence' : 'Defection';
  if (move.type !== 'react') return `use your ${name}, or pass (RO4)`;
  if (move.on !== undefined || move.with !== undefined) return `${name} acts on nothing else`;
  return inPlayAnswer(s, move.actor, data.at) === move.card ? null : `only your ${name} in front of you answers here (RO4)`;
}
