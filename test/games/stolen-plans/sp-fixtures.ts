// Helpers for the Stolen Plans rules tests: playing moves in order, and the generous superset of
// moves the judge-as-oracle test checks the built lists against.
import { it } from 'vitest';
import type { ActorId } from '../../../host/engine/table-game.ts';
import { CARDS } from '../../../host/games/stolen-plans/cards.ts';
import { stolenPlans } from '../../../host/games/stolen-plans/table-game.ts';
import type { SpEvent, SpMove, SpState } from '../../../host/games/stolen-plans/state.ts';

/** Plays moves in order, failing with the judge's reason on a rejected one; returns the state and every event. */
export function playAll(state: SpState, moves: readonly SpMove[]): { state: SpState; events: SpEvent[] } {
  const events: SpEvent[] = [];
  for (const move of moves) {
    const applied = stolenPlans.apply(state, move);
    if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.reason}`);
    state = applied.state;
    events.push(...applied.events);
  }
  return { state, events };
}

/** As playAll, but first passes for everyone on a Miss a Turn window (turn-start) a move does not answer. */
export function playThrough(state: SpState, moves: readonly SpMove[]): { state: SpState; events: SpEvent[] } {
  const events: SpEvent[] = [];
  for (const move of moves) {
    while (state.stack.at(-1)?.kind === 'turn-start' && !(state.stack.at(-1)?.asked.includes(move.actor) && move.type === 'react')) {
      const top = state.stack.at(-1)!;
      const passed = playAll(
        state,
        top.asked.filter((p) => !top.answered.includes(p)).map((actor) => ({ actor, type: 'pass' as const })),
      );
      state = passed.state;
      events.push(...passed.events);
    }
    const played = playAll(state, [move]);
    state = played.state;
    events.push(...played.events);
  }
  return { state, events };
}

/** Everyone asked passes on a Miss a Turn window (turn-start), when one is open. */
export function passStarts(state: SpState): SpState {
  const top = state.stack.at(-1);
  if (top?.kind !== 'turn-start') return state;
  return playAll(
    state,
    top.asked.filter((p) => !top.answered.includes(p)).map((actor) => ({ actor, type: 'pass' as const })),
  ).state;
}

/** `p`'s hand in `s` (the state's own array). */
export const hand = (s: SpState, p: string): string[] => s.hands[s.players.indexOf(p)] ?? [];

/** The reason the rules refuse `move` in `s`; throws when they take it. */
export const reject = (s: SpState, move: SpMove): string => {
  const r = stolenPlans.apply(s, move);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.reason;
};

export const kinds = (s: SpState): string[] => s.stack.map((d) => d.kind);

function permutations(cards: readonly string[]): string[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((c, i) => permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((rest) => [c, ...rest]));
}

/** Every move that could make sense for `actor`: a generous superset of the legal ones. */
export function spCandidates(s: SpState, actor: ActorId): SpMove[] {
  const cards = [...s.hands.flat(), ...s.drawPile, ...s.discard];
  const out: SpMove[] = [
    { actor, type: 'draw' },
    { actor, type: 'pass' },
    { actor, type: 'back' },
  ];
  const hand = s.hands[s.players.indexOf(actor)] ?? [];
  // Cards taken or lost may lie anywhere; cards played come from the hand (one card held elsewhere stands for the rest).
  for (const card of cards) out.push({ actor, type: 'discard', card }, { actor, type: 'take', card }, { actor, type: 'hand-over', card });
  const elsewhere = cards.find((c) => !hand.includes(c));
  for (const card of [...hand, ...s.onTable, ...(elsewhere === undefined ? [] : [elsewhere])]) {
    for (const target of s.players) {
      out.push(
        { actor, type: 'attack', card, target },
        { actor, type: 'steal', card, target },
        { actor, type: 'strike', card, target },
        { actor, type: 'mind-trick', card, target },
      );
    }
    out.push(
      { actor, type: 'place-jedi', card },
      { actor, type: 'force-vision', card },
      { actor, type: 'defend', cards: [card] },
      { actor, type: 'react', card },
      { actor, type: 'action', card },
    );
    for (const target of s.players) out.push({ actor, type: 'action', card, target });
    // A reaction acts on a card being played (on the table); one card elsewhere stands for the rest.
    for (const on of [...s.onTable, cards[0] ?? 'r2-d2-1']) out.push({ actor, type: 'react', card, on });
    for (const take of s.discard) out.push({ actor, type: 'jedi-wisdom', card, take });
  }
  for (const a of hand) {
    for (const b of hand) {
      out.push({ actor, type: 'defend', cards: [a, b] });
      for (const x of s.players) for (const y of s.players) out.push({ actor, type: 'hero-steal', cards: [a, b], victims: [x, y] });
      for (const c of hand) out.push({ actor, type: 'action', card: a, with: [b, c] });
      // Companions (Phasma's Stormtrooper, Crush the Rebellion) go with a card that attacks (the troopers too) or steals.
      if (!CARDS.has(a, 'attack-card') && !a.includes('steal')) continue;
      for (const target of s.players) {
        out.push({ actor, type: 'attack', card: a, target, with: [b] }, { actor, type: 'steal', card: a, target, with: [b] });
        for (const c of hand) out.push({ actor, type: 'attack', card: a, target, with: [b, c] });
      }
    }
  }
  for (const k of [1, 2, 3]) for (const order of permutations(s.drawPile.slice(0, k))) out.push({ actor, type: 'order', cards: order });
  // Vicious Attack's kept cards, in every order.
  for (const order of permutations(hand.filter((c) => CARDS.undiscardable(c)))) out.push({ actor, type: 'order', cards: order });
  for (const card of hand) {
    for (const way of CARDS.type(card).plays.map((p) => p.id)) {
      out.push({ actor, type: 'action', card, way });
      for (const target of s.players) out.push({ actor, type: 'action', card, way, target });
    }
    for (const target of s.players) {
      out.push({ actor, type: 'assault', card, target });
      for (const gift of hand) out.push({ actor, type: 'give', card, target, gift });
    }
    for (const other of hand) out.push({ actor, type: 'react', card, with: [other] });
  }
  for (const r of s.resources) {
    out.push({ actor, type: 'react', card: r.card }, { actor, type: 'reactivate', card: r.card });
    for (const target of s.players) out.push({ actor, type: 'resource', card: r.card, target });
  }
  for (const target of s.players) out.push({ actor, type: 'beside', target });
  // Rogue One: cards in play used (Locate Plans, Reprogram) or answering (Defection, Gather Intelligence), nominations,
  // eliminations at each player's squad cards, heroes saving squad cards, the Cargo Ship's loads and unloading.
  for (const { card } of s.inPlay) {
    out.push({ actor, type: 'react', card });
    for (const target of s.players) out.push({ actor, type: 'use-squad', card, target }, { actor, type: 'nominate', card, target });
    for (const take of s.discard) out.push({ actor, type: 'use-squad', card, take });
  }
  for (const card of hand) {
    out.push({ actor, type: 'eliminate', card });
    for (const other of hand) out.push({ actor, type: 'eliminate', card, with: [other] });
    for (const target of s.players) {
      out.push({ actor, type: 'eliminate', card, target });
      for (const { card: squad } of s.inPlay) out.push({ actor, type: 'eliminate', card, target, squad });
    }
    for (const { card: on } of s.inPlay) out.push({ actor, type: 'react', card, on });
  }
  // The Cargo Ship: unloading (whoever asks, whatever the card named), loading a card being discarded onto it.
  for (const card of ['cargo-ship-1', ...hand.slice(0, 1)]) out.push({ actor, type: 'unload', card });
  for (const on of s.discarding?.cards ?? []) out.push({ actor, type: 'react', card: 'cargo-ship-1', on });
  return out;
}

/** A rules test named after the spec clause it proves (`clause('RO3', ...)`: clauses.test.ts finds them by that name). */
export const clause = (id: string, title: string, fn: () => void | Promise<void>): void => it(`${id}: ${title}`, fn);
