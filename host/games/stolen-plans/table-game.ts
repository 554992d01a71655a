// `stolenPlans`: Star Wars: Stolen Plans as a hidden-information table game (the engine's
// HiddenTableGame). The rules are in rules.ts; here are set-up, the metadata and options (from
// sets.json), views, prompts, the event filter, the secrets and the determinization.

import { isWaitingOn, topDecision } from '../../engine/decisions.ts';
import { relabelUnknown } from '../../engine/determinize.ts';
import { GameConfigError, type ActorId } from '../../engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, type GameMeta } from '../../engine/meta.ts';
import { randomFrom, seedRng, type Random } from '../../engine/rng.ts';
import { defineTableGame, winnerReturns, type HiddenTableGame, type TableConfig, type TableResult } from '../../engine/table-game.ts';
import { andList } from './card-words.ts';
import { CARDS } from './cards.ts';
import { CATALOG } from './load.ts';
import { dealCards, resourceId } from './deal.ts';
import { deckFor, type DeckOptions, type DeckPlan } from './deck.ts';
import { forwardLegalMoves, legalMoves, rules, turnDecision } from './rules.ts';
import { handOf, jediOf, knownBy, R2D2, SEATS, seatOf, turnPlayer, type Place, type SpEvent, type SpMove, type SpState, type SpView } from './state.ts';

/** The option sets the rules engine plays: every set of sets.json but the base deck, which is always in. */
export const RULES_SETS: readonly string[] = [
  'bonus',
  'r2-d2-where-are-you',
  'there-is-another',
  'starting-resources',
  'additional-resources',
  'new-ruling',
  'additional-bonus',
  'rogue-one',
];

/**
 * Bonus cards the rules do not play yet: left out of a game with the bonus cards (deckFor's
 * `leaveOut`, so whatever needs them goes too, with the reason). Every bonus card is played now.
 */
export const BONUS_NOT_YET: readonly string[] = [];

/**
 * The cards of the chosen-card sets that are in only when asked for by name (Lose the Game, Pass a
 * Card, Student of the Force: D28), each offered as an option `include-<card>` (deckFor's `include`).
 */
export const ASKED_FOR: readonly { readonly card: string; readonly set: string; readonly name: string; readonly requires: readonly string[] }[] = CATALOG.cards
  .filter((card) => !card.byDefault && RULES_SETS.includes(card.set) && CATALOG.sets.find((set) => set.id === card.set)?.cardsChosen === true)
  .map((card) => ({ card: card.id, set: card.set, name: card.name, requires: card.requires ?? [] }));

const includeOption = (card: string): string => `include-${card}`;

export const STOLEN_PLANS_META: GameMeta = checkMeta({
  id: 'stolen-plans',
  title: 'Star Wars: Stolen Plans',
  players: CATALOG.table.players,
  teams: [],
  cooperative: false,
  hiddenInformation: true,
  simultaneous: false,
  chance: true,
  externalActors: [],
  options: [
    ...CATALOG.sets
      .filter((set) => RULES_SETS.includes(set.id))
      .map((set) => ({
        id: set.id,
        text: set.name,
        kind: 'boolean' as const,
        default: false,
      })),
    ...ASKED_FOR.map((c) => ({
      id: includeOption(c.card),
      text: `${c.name} (only in the deck when asked for by name)`,
      kind: 'boolean' as const,
      default: false,
    })),
    { id: 'first-player', text: 'The seat (from 1) that goes first', kind: 'number', min: 1, max: CATALOG.table.players.max, default: 1 },
    {
      id: 'quick-window-seconds',
      text: 'Seconds a quick window stays open',
      kind: 'number',
      min: CATALOG.table.quickWindowSeconds.min,
      max: CATALOG.table.quickWindowSeconds.max,
      default: CATALOG.table.quickWindowSeconds.default,
    },
  ],
  rules: [
    // A card asked for by name needs its set, and the cards it goes with (Lose the Game and Pass a Card go together).
    ...ASKED_FOR.map((c) => ({
      kind: 'requires' as const,
      when: { option: includeOption(c.card), value: true },
      needs: { option: c.set, value: true },
      why: `${c.name} is a card of ${CATALOG.sets.find((set) => set.id === c.set)?.name ?? c.set}`,
    })),
    ...ASKED_FOR.flatMap((c) =>
      c.requires
        .filter((other) => ASKED_FOR.some((x) => x.card === other))
        .map((other) => ({
          kind: 'requires' as const,
          when: { option: includeOption(c.card), value: true },
          needs: { option: includeOption(other), value: true },
          why: `${c.name} is played together with ${CATALOG.card(other).name}`,
        })),
    ),
  ],
});

export type SpConfig = TableConfig;

/** The deck plans set-up asked for, by their options: a plan is plain data nobody changes, and playouts and benches set up thousands of games. */
const plans = new Map<string, DeckPlan>();

function planFor(options: DeckOptions): DeckPlan {
  const key = JSON.stringify(options);
  let plan = plans.get(key);
  if (plan === undefined) plans.set(key, (plan = deckFor(options)));
  return plan;
}

function setup(config: SpConfig, seed: number): { state: SpState; events: SpEvent[] } {
  const n = config.players.length;
  checkPlayerCount(STOLEN_PLANS_META, n);
  const options = resolveOptions(STOLEN_PLANS_META, config.options);
  const sets = RULES_SETS.filter((id) => options[id] === true);
  const plan = planFor({
    sets,
    players: n,
    quickWindowSeconds: options['quick-window-seconds'] as number,
    include: ASKED_FOR.filter((c) => options[includeOption(c.card)] === true).map((c) => c.card),
    leaveOut: sets.includes('bonus') ? BONUS_NOT_YET : [],
  });
  const first = options['first-player'] as number;
  if (first > n) throw new GameConfigError(`first-player: seat ${first} is not at a table of ${n}; choose 1 to ${n}`);
  const deal = dealCards(plan, n, randomFrom(seedRng(seed)));
  const players = SEATS.slice(0, n);
  const hands = deal.hands.map((h) => [...h]);
  const s: SpState = {
    game: 'stolen-plans',
    players,
    names: config.players.map((p) => p.name),
    sets: [...plan.sets],
    rules: plan.rules,
    allCards: [...plan.deck.map((c) => c.id), ...deal.besideDiscard, ...deal.resources.flat().map((r) => r.id)],
    hands,
    drawPile: [...deal.drawPile],
    discard: [],
    inPlay: [],
    drawnThisTurn: [],
    onTable: [],
    captures: [],
    removed: [],
    jediRemoved: false,
    lossQueue: [],
    removedFaceDown: [],
    resources: deal.resources.flatMap((list, seat) => list.map((r) => ({ card: r.id, owner: players[seat] as ActorId, active: r.active }))),
    resourceUsed: false,
    pending: [],
    stealing: [],
    searched: [],
    beside: [...deal.besideDiscard],
    known: [],
    r2Could: Object.fromEntries(
      players.map((p, i) => [
        p,
        (hands[i] as string[]).includes(R2D2) ? [p] : [...players.filter((q) => q !== p), ...(plan.rules.r2d2InStartingHands ? [] : ['pile'])],
      ]),
    ),
    declarations: [],
    cargo: null,
    discarding: null,
    moving: null,
    stack: [],
    turn: 1,
    passesInRow: 0,
    winners: null,
    summary: null,
    rng: seedRng((seed ^ 0x5f37_59df) >>> 0),
  };
  const firstPlayer = players[first - 1] as ActorId;
  s.stack = [turnDecision(s, firstPlayer)];
  const events: SpEvent[] = players.map((player, i) => ({ type: 'dealt', player, cards: hands[i] as string[], count: (hands[i] as string[]).length }));
  events.push({ type: 'turn-started', player: firstPlayer, turn: 1 });
  return { state: s, events };
}

/**
 * A game already dealt, for rule tests: the given hands (by seat, p1 first) and draw pile (top
 * first), p1 to play, the sets chosen as options (`new-ruling`, `there-is-another`...). The
 * deck's other cards are in the game but nowhere in the fixture (the card accounting check is
 * for real games).
 */
export function dealtState(
  hands: readonly (readonly string[])[],
  drawPile: readonly string[],
  options: {
    readonly sets?: readonly string[];
    /** Cards in play (a squad card that nominates names its `nominee`: RO4). */
    readonly inPlay?: readonly { card: string; owner: ActorId; nominee?: ActorId }[];
    readonly discard?: readonly string[];
    readonly seed?: number;
    /** Cards asked for by name (deckFor's `include`: Lose the Game, Pass a Card, Student of the Force). */
    readonly include?: readonly string[];
    /** Resources (`binocs@2`) that start Inactive (with Starting Resources every player has the five, Active). */
    readonly inactive?: readonly string[];
  } = {},
): SpState {
  const players = SEATS.slice(0, hands.length);
  const plan = deckFor({ sets: options.sets ?? [], include: options.include ?? [], leaveOut: (options.sets ?? []).includes('bonus') ? BONUS_NOT_YET : [] });
  const resources = players.flatMap((owner, seat) =>
    plan.eachPlayer.map((card) => ({ card: resourceId(card.id, seat), owner, active: !(options.inactive ?? []).includes(resourceId(card.id, seat)) })),
  );
  const placed = new Set([...hands.flat(), ...drawPile, ...(options.discard ?? []), ...(options.inPlay ?? []).map((c) => c.card)]);
  const all = [...plan.deck.map((c) => c.id), ...plan.besideDiscard.map((c) => c.id)];
  for (const c of placed) if (!all.includes(c)) throw new Error(`${c} is not a card of this deck`);
  const s: SpState = {
    game: 'stolen-plans',
    players,
    names: players.map((p) => p.toUpperCase()),
    sets: [...plan.sets],
    rules: plan.rules,
    // The whole deck is in the game (what may be held is judged from it: W5); the cards not placed are out of the fixture.
    allCards: [...all, ...resources.map((r) => r.card)],
    hands: hands.map((h) => [...h]),
    drawPile: [...drawPile],
    discard: [...(options.discard ?? [])],
    inPlay: (options.inPlay ?? []).map((c) => ({ ...c })),
    drawnThisTurn: [],
    onTable: [],
    captures: [],
    removed: [],
    jediRemoved: false,
    lossQueue: [],
    removedFaceDown: [],
    resources,
    resourceUsed: false,
    pending: [],
    stealing: [],
    searched: [],
    beside: plan.besideDiscard.map((c) => c.id),
    known: [],
    r2Could: Object.fromEntries(
      players.map((p, i) => [p, (hands[i] ?? []).includes(R2D2) ? [p] : [...players.filter((q) => q !== p), ...(drawPile.includes(R2D2) ? ['pile'] : [])]]),
    ),
    declarations: [],
    cargo: null,
    discarding: null,
    moving: null,
    stack: [],
    turn: 1,
    passesInRow: 0,
    winners: null,
    summary: null,
    rng: seedRng(options.seed ?? 1),
  };
  s.stack = [turnDecision(s, 'p1')];
  return s;
}

// ---- hidden information ----

function eventFor(e: SpEvent, viewer: ActorId): SpEvent | null {
  switch (e.type) {
    case 'dealt':
      return e.player === viewer ? e : { ...e, cards: null };
    case 'drew':
      return e.player === viewer ? e : { ...e, card: null };
    case 'stolen':
      return e.thief === viewer || e.victim === viewer ? e : { ...e, card: null };
    case 'hand-shown':
      return e.viewer === viewer ? e : { ...e, cards: null };
    case 'pile-seen':
      return e.player === viewer ? e : { ...e, cards: null };
    case 'given':
      return e.from === viewer || e.to === viewer ? e : { ...e, card: null };
    case 'steal-seen':
      return e.viewer === viewer ? e : { ...e, cards: null };
    case 'put-on-pile':
      return e.player === viewer ? e : { ...e, cards: null };
    // RO6, D19: a card being discarded is seen by its player and the Cargo Ship's owner; the cargo by the owner (and who discarded it).
    case 'set-aside':
      return e.player === viewer || e.owner === viewer ? e : { ...e, card: null };
    case 'loaded':
      return e.owner === viewer || e.from === viewer ? e : { ...e, card: null };
    case 'unloaded':
      return e.owner === viewer ? e : { ...e, cards: null };
    case 'drawn-seen':
      return e.viewer === viewer ? e : { ...e, cards: null };
    default:
      return e;
  }
}

/** The cards `viewer` may not know the place of: other hands (but for what they know) and the draw pile (but for what Force Vision showed). */
function secretsFrom(s: SpState, viewer: ActorId): string[] {
  if (s.winners !== null) return [];
  const pileKnown = new Set(s.known.filter((k) => k.viewer === viewer && k.holder === 'pile').map((k) => k.card));
  // Continue Play's removed cards are face down: nobody knows which of the old discard pile went out (HI3).
  const secrets = [...s.drawPile.filter((c) => !pileKnown.has(c)), ...s.removedFaceDown, ...cargoSecrets(s, viewer)];
  for (const p of s.players) {
    if (p === viewer) continue;
    const known = knownBy(s, viewer, p);
    for (const c of handOf(s, p)) if (!known.includes(c)) secrets.push(c);
  }
  return secrets;
}

/** RO6, D19: the cargo the viewer did not load or discard, and the cards being discarded by another player for another's Cargo Ship. */
function cargoSecrets(s: SpState, viewer: ActorId): string[] {
  const hold = s.cargo === null || s.cargo.owner === viewer ? [] : s.cargo.hold.filter((c) => c.from !== viewer).map((c) => c.card);
  const lot = s.discarding === null || s.discarding.player === viewer || s.cargo?.owner === viewer ? [] : s.discarding.cards;
  return [...hold, ...lot];
}

/** The Cargo Ship as `viewer` sees it: public but for the cargo, which its owner knows and each discarder in part. */
function cargoView(s: SpState, viewer: ActorId): SpView['cargo'] {
  if (s.cargo === null) return null;
  const known = s.cargo.hold.filter((c) => s.cargo?.owner === viewer || c.from === viewer).map((c) => c.card);
  return { card: s.cargo.card, owner: s.cargo.owner, count: s.cargo.hold.length, known };
}

function discardingView(s: SpState, viewer: ActorId): SpView['discarding'] {
  if (s.discarding === null) return null;
  const sees = s.discarding.player === viewer || s.cargo?.owner === viewer;
  return { player: s.discarding.player, count: s.discarding.cards.length, cards: sees ? s.discarding.cards.slice() : null };
}

/** The unknown cards (other hands and the draw pile, but for what is known) dealt afresh (relabelUnknown). */
function determinize(s: SpState, viewer: ActorId, random: Random): SpState {
  return relabelUnknown(s, [secretsFrom(s, viewer)], random);
}

// ---- views and prompts ----

function view(s: SpState, viewer: ActorId): SpView {
  const pileKnown = new Set(s.known.filter((k) => k.viewer === viewer && k.holder === 'pile').map((k) => k.card));
  return {
    viewer,
    hand: s.players.includes(viewer) ? handOf(s, viewer).slice() : [],
    players: s.players.map((id, i) => ({
      id,
      name: s.names[i] as string,
      cards: handOf(s, id).length,
      known: id === viewer ? [] : knownBy(s, viewer, id),
      jedi: jediOf(s, id),
    })),
    drawPile: s.drawPile.length,
    pileKnown: s.drawPile.map((c) => (pileKnown.has(c) ? c : null)),
    discard: s.discard.slice(),
    onTable: s.onTable.slice(),
    removed: s.removed.slice(),
    removedFaceDown: s.removedFaceDown.length,
    resources: s.resources.map((r) => ({ ...r })),
    resourceUsed: s.resourceUsed,
    inPlay: s.inPlay.map((c) => ({ ...c })),
    jediRemoved: s.jediRemoved,
    beside: s.beside.slice(),
    declarations: s.declarations.map((d) => ({ ...d })),
    r2d2Could: (s.r2Could[viewer] ?? []).slice() as Place[],
    rules: s.rules,
    turn: s.turn,
    turnPlayer: turnPlayer(s),
    decisions: s.stack.map((d) => ({ kind: d.kind, asked: d.asked.slice(), answered: d.answered.slice(), data: d.data })),
    winners: s.winners,
    cargo: cargoView(s, viewer),
    discarding: discardingView(s, viewer),
  };
}

const nameOf = (s: SpState, p: ActorId): string => `${s.names[seatOf(s, p)] ?? p} (${p})`;

function prompt(s: SpState, actor: ActorId): string {
  const d = topDecision(s.stack);
  if (d === null) return `Game over: ${s.summary ?? ''}`;
  const data = d.data;
  // Chance's decisions (a card taken at random, the shuffle) in the same words for every viewer.
  if (data.at === 'steal') return 'Waiting for the steal.';
  if (data.at === 'continue-shuffle') return 'Waiting for the shuffle.';
  if (!isWaitingOn(d, actor)) return `Waiting for ${andList(d.asked.filter((a) => isWaitingOn(d, a)).map((a) => nameOf(s, a)))}.`;
  switch (data.at) {
    case 'turn':
      return s.drawPile.length > 0 ? 'Your turn: draw a card, or play a card or a set.' : 'Your turn: the draw pile is empty; play a card, or pass.';
    case 'turn-start':
      return `${nameOf(s, data.player)}'s turn is starting: play Miss a Turn, or pass (${data.quickSeconds} s).`;
    case 'defend-played':
      return `${nameOf(s, data.target)} defends with ${data.defends.map((c) => CARDS.type(c).name).join(' and ')}: play a card on them, or pass.`;
    case 'attack-failed':
      return `Your attack failed (Defend ${data.defence} against Attack ${data.value}): avoid the loss with a card, or pass.`;
    case 'heroes-played':
      return `${nameOf(s, data.thief)} steals with ${data.heroes.map((c) => CARDS.type(c).name).join(' and ')}: play a card on them, or pass.`;
    case 'target-response':
      if (data.effect !== 'attack') {
        return `${nameOf(s, data.attacker)} plays ${data.attack.map((c) => CARDS.type(c).name).join(' and ')} against you: answer it with a card, or pass.`;
      }
      return `${nameOf(s, data.attacker)} attacks you with ${data.attack.map((c) => CARDS.type(c).name).join(' and ')} (Attack ${data.value}): defend with up to ${s.rules.maxDefendCards} Defend card${s.rules.maxDefendCards === 1 ? '' : 's'}, or pass.`;
    case 'choose-discards':
      return `Choose a card to lose (${data.remaining} to go).`;
    case 'mind-trick':
      return `Jedi Mind Trick: take one card of ${nameOf(s, data.target)}'s hand.`;
    case 'force-vision':
      return `Force Vision: put the top ${data.count} card${data.count === 1 ? '' : 's'} back in the order you choose (top first).`;
    case 'scout':
      return 'Scout: take one card of the hands you looked at.';
    case 'search':
      return `Search: take a card of your choice from the discard pile (${data.remaining} to go).`;
    case 'extra-play':
      return 'Food: play another card or set from your hand.';
    case 'after-play':
      return 'Your play is over: use Food to play again, or pass.';
    case 'after-draw':
      return 'You drew: use Water to draw one more card, or pass.';
    case 'steal-peek':
      return `${nameOf(s, data.thief)} is stealing ${data.count} card${data.count === 1 ? '' : 's'} from ${nameOf(s, data.victim)}: peek at them with your Tracking Beacon, or pass.`;
    case 'last-card':
      return `${nameOf(s, data.drawer)} took the last card: reveal Continue Play with the Darth Vader Attack, or pass.`;
    case 'scout-played':
      return `${nameOf(s, data.player)} plays Scout: cancel it with Evade Scout, or pass (${data.quickSeconds} s).`;
    case 'assault-beside':
      return `Your Assault on ${nameOf(s, data.first)} is over: name a second target beside them, or pass.`;
    case 'friendly-gesture':
      return `Friendly Gesture: give ${nameOf(s, data.collector)} one card of your hand.`;
    case 'vicious-order':
      return `Vicious Attack: put your ${data.count} cards that cannot be discarded face down on the draw pile, in the order you choose (top first).`;
    case 'discarding':
      return `${nameOf(s, data.player)} is discarding ${data.count} card${data.count === 1 ? '' : 's'}: put any of them face down on your Cargo Ship (room for ${data.room}), one at a time, or pass.`;
    case 'elimination': {
      const mine = data.squads.filter((c) => !data.saved.includes(c) && s.inPlay.some((x) => x.card === c && x.owner === actor));
      return `${nameOf(s, data.player)} eliminates ${mine.map((c) => CARDS.type(c).name).join(' and ')} in front of you: save each with a Rebel Hero, or pass.`;
    }
    case 'imperial-played':
      return `${nameOf(s, data.player)}, whom your Defection nominates, plays ${data.cards.map((c) => CARDS.type(c).name).join(' and ')}: take the top card of the draw pile, or pass.`;
    case 'drawn':
      return `${nameOf(s, data.player)}, whom your Gather Intelligence nominates, drew ${data.count} card${data.count === 1 ? '' : 's'} this turn: peek at them, or pass (${data.quickSeconds} s).`;
    case 'nominate':
      return `${CARDS.type(data.cards[0] ?? '').name} came to you with the U-Wing: nominate another player for it.`;
  }
}

function result(s: SpState): TableResult {
  if (s.winners === null) return { finished: false };
  return { finished: true, returns: winnerReturns(s.players, s.winners), winners: s.winners, winningTeams: [], summary: s.summary ?? '' };
}

export const stolenPlans: HiddenTableGame<SpConfig, SpState, SpMove, SpView, SpEvent> = defineTableGame<SpConfig, SpState, SpMove, SpView, SpEvent>(rules, {
  meta: STOLEN_PLANS_META,
  hidden: true,
  setup,
  players: (s) => s.players,
  decisions: (s) => s.stack,
  rng: (s) => s.rng,
  legalMoves,
  forwardLegalMoves,
  // Search's Back takes back a step of the choice (bots and playouts leave it out).
  undoes: (m) => m.type === 'back',
  view,
  result,
  prompt,
  eventFor,
  secretsFrom,
  determinize,
});

/** Every card is accounted for exactly once: hands, draw pile, discard pile, in play, resources, removed (face up or down), beside the discard pile, the Cargo Ship and its cargo, being discarded. */
export function cardAccountingProblems(s: SpState): string[] {
  const places: [string, readonly string[]][] = [
    ...s.players.map((p) => [`${p}'s hand`, handOf(s, p)] as [string, string[]]),
    ['the draw pile', s.drawPile],
    ['the discard pile', s.discard],
    ['in play', s.inPlay.map((c) => c.card)],
    ['being played', s.onTable],
    ['removed from play', s.removed],
    ['removed from play face down', s.removedFaceDown],
    ['in front of a player (a resource)', s.resources.map((r) => r.card)],
    ['beside the discard pile', s.beside],
    ['beside the discard pile (the Cargo Ship)', s.cargo === null ? [] : [s.cargo.card]],
    ['on the Cargo Ship', s.cargo?.hold.map((c) => c.card) ?? []],
    ['being discarded', s.discarding?.cards ?? []],
  ];
  const where = new Map<string, string[]>();
  for (const [name, cards] of places) for (const c of cards) where.set(c, [...(where.get(c) ?? []), name]);
  const problems: string[] = [];
  for (const c of s.allCards) {
    const at = where.get(c) ?? [];
    if (at.length !== 1) problems.push(`${c} is ${at.length === 0 ? 'nowhere' : `in ${at.join(' and ')}`}`);
  }
  for (const c of where.keys()) if (!s.allCards.includes(c)) problems.push(`${c} is not a card of this game`);
  return problems;
}
