// Rounds and turns: shuffling and dealing a round, starting a turn (its draw), passing the turn,
// and ending a round (the showdown, the victory token, the game's end or the next round).

import type { Random } from '../../engine/rng.ts';
import type { Deck } from './deck.ts';
import type { PlayerId, RoundEndReason, RoundResult, SecretInvasionEvent } from './model.ts';
import { firstFrom, nextInRound, playersInRound, seatOf, tokensToWin, valueOf, type Draft } from './table.ts';

type Events = SecretInvasionEvent[];

/** Shuffle the 17 cards, set one aside unseen (and some face up), deal one each and start the first turn. */
export function startRound(deck: Deck, draft: Draft, firstPlayer: PlayerId, rng: Random, events: Events): void {
  const cards = rng.shuffle(deck.cards.map((c) => c.id));
  const faceUpCount = deck.rules.faceUpSetAside[draft.seats.length] ?? 0;
  draft.setAside = cards.shift() ?? null;
  draft.faceUp = cards.splice(0, faceUpCount);
  draft.round += 1;
  draft.turn = 0;
  draft.roundStarter = firstPlayer;
  draft.knowledge = [];
  draft.missedGuess = null;
  for (const seat of draft.seats) {
    seat.hand = [];
    seat.discards = [];
    seat.out = false;
    seat.protected = false;
  }
  events.push({ type: 'round-started', round: draft.round, firstPlayer, faceUp: [...draft.faceUp], deckCount: cards.length - draft.seats.length });
  for (const seat of draft.seats) {
    const card = cards.shift();
    if (card === undefined) throw new Error('the deck ran out while dealing');
    seat.hand.push(card);
    events.push({ type: 'card-dealt', player: seat.id, card });
  }
  draft.deck = cards;
  startTurn(draft, firstPlayer, events);
}

/** The player's turn begins: their Chewbacca protection ends and they draw the top card. */
export function startTurn(draft: Draft, player: PlayerId, events: Events): void {
  const seat = seatOf(draft, player);
  if (!seat) throw new Error(`no seat for ${player}`);
  seat.protected = false;
  draft.turn += 1;
  draft.turnPlayer = player;
  draft.stage = 'turn';
  draft.missedGuess = null;
  events.push({ type: 'turn-started', player, round: draft.round, turn: draft.turn });
  const card = draft.deck.shift();
  if (card === undefined) throw new Error('a turn started with an empty deck');
  seat.hand.push(card);
  events.push({ type: 'card-drawn', player, card, from: 'deck' });
}

/** After a turn: the round ends when one player is left or the deck is empty; otherwise the next player's turn starts. */
export function finishTurn(deck: Deck, draft: Draft, rng: Random, events: Events): void {
  const left = playersInRound(draft);
  if (left.length <= 1) endRound(deck, draft, 'last-standing', rng, events);
  else if (draft.deck.length === 0) endRound(deck, draft, 'deck-empty', rng, events);
  else startTurn(draft, nextInRound(draft, draft.turnPlayer), events);
}

function showdown(deck: Deck, draft: Draft, totals: Record<PlayerId, number>): { winners: PlayerId[]; revealed: RoundResult['revealed'] } {
  const contenders = draft.seats.filter((s) => !s.out);
  const revealed = contenders.map((s) => {
    const card = s.hand[0];
    if (card === undefined) throw new Error(`${s.id} is in the round with no card`);
    return { player: s.id, card };
  });
  const best = Math.max(...revealed.map((r) => valueOf(deck, r.card)));
  const tied = revealed.filter((r) => valueOf(deck, r.card) === best).map((r) => r.player);
  const bestTotal = Math.max(...tied.map((p) => totals[p] ?? 0));
  return { winners: tied.filter((p) => (totals[p] ?? 0) === bestTotal), revealed };
}

export function endRound(deck: Deck, draft: Draft, reason: RoundEndReason, rng: Random, events: Events): void {
  const totals: Record<PlayerId, number> = {};
  for (const seat of draft.seats) totals[seat.id] = seat.discards.reduce((sum, c) => sum + valueOf(deck, c), 0);
  const { winners, revealed } =
    reason === 'last-standing' ? { winners: playersInRound(draft), revealed: [] } : showdown(deck, draft, totals);
  for (const seat of draft.seats) if (winners.includes(seat.id)) seat.tokens += 1;
  const result: RoundResult = { round: draft.round, reason, winners, revealed, discardTotals: totals };
  draft.lastRound = result;
  const tokens: Record<PlayerId, number> = {};
  for (const seat of draft.seats) tokens[seat.id] = seat.tokens;
  events.push({ type: 'round-ended', result, tokens });

  const most = Math.max(...draft.seats.map((s) => s.tokens));
  const leaders = draft.seats.filter((s) => s.tokens === most);
  const leader = leaders[0];
  if (most >= tokensToWin(deck, draft) && leaders.length === 1 && leader) {
    draft.stage = 'over';
    draft.winner = leader.id;
    draft.missedGuess = null;
    events.push({ type: 'game-won', winner: leader.id, tokens: leader.tokens });
    return;
  }
  // The winner of the round goes first; of several winners, the first met from this round's first player.
  startRound(deck, draft, firstFrom(draft, draft.roundStarter, winners), rng, events);
}
