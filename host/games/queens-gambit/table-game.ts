// `queensGambit`: The Queen's Gambit as a hidden-information table game (host/engine's
// `HiddenTableGame`). The rules are in rules.ts; here: the metadata and options, each player's
// view and prompt, the events as each player may see them, the secrets and the sampler.

import { relabelUnknown } from '../../engine/determinize.ts';
import { cloneData } from '../../engine/draft.ts';
import type { ActorId } from '../../engine/table-game.ts';
import { checkMeta, checkPlayerCount, resolveOptions, type GameMeta } from '../../engine/meta.ts';
import { seedRng, type Random } from '../../engine/rng.ts';
import { topDecision, waitingOn } from '../../engine/decisions.ts';
import { defineTableGame, type HiddenTableGame, type TableConfig, type TableResult, type WrittenRules } from '../../engine/table-game.ts';
import { DECK_IDS, type DeckId } from './load.ts';
import type { PileCard, QgData, QgEvent, QgMove, QgState, UnitState } from './model.ts';
import { otherSide } from './reference.ts';
import {
  DATA,
  cardOf,
  controller,
  deckOf,
  judge,
  layerAhead,
  legalMoves,
  nabooPalacePieces,
  newState,
  play,
  sideOf,
  specOf,
  teamOf,
  tfPalacePieces,
  type SetupOptions,
} from './rules.ts';
import type { Role, Side } from './schema.ts';
import { cardText, listWords } from './card-text.ts';
import { SIDE_NAMES, capital, diceWords, layerName, layerWords } from './table-words.ts';

const option = (id: string) => DATA.rules.options.find((o) => o.id === id) as (typeof DATA.rules.options)[number];

export const QG_META: GameMeta = checkMeta({
  id: 'queens-gambit',
  title: "Star Wars: The Queen's Gambit",
  players: { min: 2, max: 4 },
  teams: [
    {
      players: 2,
      teams: [
        { id: 'trade-federation', name: 'Trade Federation', seats: [0] },
        { id: 'naboo', name: 'Naboo', seats: [1] },
      ],
    },
    {
      players: 4,
      teams: (['trade-federation', 'naboo'] as const).map((side) => ({
        id: side,
        name: side === 'naboo' ? 'Naboo' : 'Trade Federation',
        seats: DATA.rules.fourPlayer.seating.flatMap((x, i) => (x.side === side ? [i] : [])),
      })),
    },
  ],
  cooperative: false,
  hiddenInformation: true,
  simultaneous: true,
  chance: true,
  dice: true,
  externalActors: [],
  options: [
    ...['deck-out', 'droid-pool'].map((id) => {
      const o = option(id);
      return { id: o.id, text: o.text, kind: 'choice', choices: o.choices.map((c) => c.id), default: o.default };
    }),
    {
      id: 'planning-seconds',
      text: 'A countdown on the timer for the secret planning, in seconds (0: none)',
      kind: 'number',
      min: 0,
      max: 3600,
      default: DATA.rules.timer.planningSeconds ?? 0,
    },
  ],
  rules: [],
});

type Config = TableConfig;

/**
 * Options the game no longer has, which the saves of earlier versions still hold in their
 * config: `dice` (who rolls) only recorded a choice; the front end's table dice (`chance`,
 * saved apart) always decided who rolls, so a save holding it replays and plays on as before.
 */
const RETIRED_OPTIONS: readonly string[] = ['dice'];

function withoutRetiredOptions(options: Config['options']): Config['options'] {
  if (options === undefined || options === null || typeof options !== 'object') return options;
  return Object.fromEntries(Object.entries(options).filter(([id]) => !RETIRED_OPTIONS.includes(id)));
}

const rules: WrittenRules<QgState, QgMove, QgEvent> = { judge, play: (root, move) => play(root, move) };

function setup(config: Config, seed: number): { state: QgState; events: QgEvent[] } {
  checkPlayerCount(QG_META, config.players.length);
  if (config.players.length !== 2 && config.players.length !== 4) {
    throw new RangeError(`The Queen's Gambit is played by 2 players, or 4 in two teams, not ${config.players.length}`);
  }
  const o = resolveOptions(QG_META, withoutRetiredOptions(config.options));
  const options: SetupOptions = {
    deckOut: o['deck-out'] as SetupOptions['deckOut'],
    droidPool: o['droid-pool'] as SetupOptions['droidPool'],
    planningSeconds: o['planning-seconds'] as number,
  };
  return newState(
    config.players.map((p) => p.name),
    seedRng(seed),
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Views

export interface QgView {
  readonly viewer: ActorId;
  readonly side: Side | null;
  readonly roles: readonly Role[];
  readonly turn: number;
  readonly marker: ActorId;
  /** The viewer's hand and their teammate's. */
  readonly hands: Readonly<Record<ActorId, readonly string[]>>;
  readonly handCounts: Readonly<Record<ActorId, number>>;
  /** The viewer's team's plans as they stand; the others only say whether they are committed. */
  readonly plans: Readonly<Record<ActorId, { readonly picked: readonly string[] | null; readonly bonus: number | null; readonly committed: boolean }>>;
  /** Cards left face down in each pile this turn. */
  readonly piles: Readonly<Record<ActorId, number>>;
  readonly bonusPiles: Readonly<Record<Side, number>>;
  readonly decks: Readonly<Record<DeckId, { readonly draw: number; readonly discard: readonly string[] }>>;
  /** The real Queen: known to Naboo; to the Trade Federation only once revealed. */
  readonly realQueen: string | null;
  readonly queenRevealed: boolean;
  readonly realQueenDead: boolean;
  readonly units: readonly UnitState[];
  readonly palace: Readonly<Record<string, number>>;
  readonly nabooPalacePieces: number;
  readonly tradeFederationPalacePieces: number;
  readonly piecesOutside: Readonly<Record<string, number>>;
  readonly shieldUp: boolean;
  readonly anakin: number;
  readonly layerAhead: string | null;
  readonly stacks: readonly (readonly string[])[];
  readonly starfighterDeck: number;
  readonly droidsDeactivated: boolean;
  readonly decision: { readonly kind: string; readonly data: QgData } | null;
  readonly over: boolean;
  readonly winner: Side | null;
}

/**
 * What `viewer` may see, read from the state as it stands: each field is worked out when first
 * read, and arrays and objects are the state's own, not copies. For a bot that reads it during
 * its own move and keeps nothing (the search bot's playout policy, headless play): `view` is the
 * same values copied, and `readingView` is `view` without building the fields a bot never reads.
 */
class ReadingView implements QgView {
  readonly side: Side | null;
  private teamOf: ReadonlySet<ActorId> | null = null;
  private handsOf: QgView['hands'] | null = null;
  private handCountsOf: QgView['handCounts'] | null = null;
  private plansOf: QgView['plans'] | null = null;
  private pilesOf: QgView['piles'] | null = null;
  private decksOf: QgView['decks'] | null = null;
  private nabooPiecesOf = -1;
  private tfPiecesOf = -1;
  private outsideOf: QgView['piecesOutside'] | null = null;
  private decisionOf: QgView['decision'] | undefined = undefined;

  constructor(
    private readonly s: QgState,
    readonly viewer: ActorId,
  ) {
    this.side = sideOf(s, viewer);
  }

  private get team(): ReadonlySet<ActorId> {
    this.teamOf ??= new Set(this.side === null ? [] : teamOf(this.s, this.side));
    return this.teamOf;
  }
  get roles(): readonly Role[] {
    return this.side === null ? [] : (this.s.seats[this.s.players.indexOf(this.viewer)]?.roles ?? []);
  }
  get turn(): number {
    return this.s.turn;
  }
  get marker(): ActorId {
    return this.s.players[this.s.marker] as ActorId;
  }
  get hands(): QgView['hands'] {
    const s = this.s;
    this.handsOf ??= Object.fromEntries(s.players.filter((p) => this.team.has(p)).map((p) => [p, s.hands[s.players.indexOf(p)] as string[]]));
    return this.handsOf;
  }
  get handCounts(): QgView['handCounts'] {
    const s = this.s;
    this.handCountsOf ??= Object.fromEntries(s.players.map((p, i) => [p, (s.hands[i] as string[]).length]));
    return this.handCountsOf;
  }
  get plans(): QgView['plans'] {
    this.plansOf ??= this.plansNow();
    return this.plansOf;
  }
  private plansNow(): QgView['plans'] {
    const s = this.s;
    const top = topDecision(s.stack);
    const planning = top !== null && top.data.at === 'plan';
    return Object.fromEntries(
      s.players.map((p, i) => {
        const plan = s.plans[i] as QgState['plans'][number];
        if (!this.team.has(p)) return [p, { picked: null, bonus: null, committed: plan.committed }];
        // Once laid, a plan is what is left of its pile (the cards turned over are on the discard piles).
        const picked = planning ? plan.picked : (s.piles[i] as PileCard[]).filter((x) => !x.bonus).map((x) => x.card);
        const bonus = planning ? plan.bonus : (s.piles[i] as PileCard[]).filter((x) => x.bonus).length;
        return [p, { picked, bonus, committed: plan.committed }];
      }),
    );
  }
  get piles(): QgView['piles'] {
    const s = this.s;
    this.pilesOf ??= Object.fromEntries(s.players.map((p, i) => [p, (s.piles[i] as unknown[]).length]));
    return this.pilesOf;
  }
  get bonusPiles(): QgView['bonusPiles'] {
    return { naboo: this.s.bonus.naboo.length, 'trade-federation': this.s.bonus['trade-federation'].length };
  }
  get decks(): QgView['decks'] {
    const s = this.s;
    this.decksOf ??= Object.fromEntries(
      DECK_IDS.map((id) => [id, { draw: s.decks[id].draw.length, discard: s.decks[id].discard }]),
    ) as unknown as QgView['decks'];
    return this.decksOf;
  }
  get realQueen(): string | null {
    return this.side === 'naboo' || this.s.queenRevealed ? this.s.realQueen : null;
  }
  get queenRevealed(): boolean {
    return this.s.queenRevealed;
  }
  get realQueenDead(): boolean {
    return this.s.realQueenDead;
  }
  get units(): readonly UnitState[] {
    return this.s.units;
  }
  get palace(): QgView['palace'] {
    return this.s.palace;
  }
  get nabooPalacePieces(): number {
    if (this.nabooPiecesOf < 0) this.nabooPiecesOf = nabooPalacePieces(this.s);
    return this.nabooPiecesOf;
  }
  get tradeFederationPalacePieces(): number {
    if (this.tfPiecesOf < 0) this.tfPiecesOf = tfPalacePieces(this.s);
    return this.tfPiecesOf;
  }
  get piecesOutside(): QgView['piecesOutside'] {
    this.outsideOf ??= Object.fromEntries(Object.entries(this.s.offBoard).map(([piece, off]) => [piece, off.box + off.eliminated]));
    return this.outsideOf;
  }
  get shieldUp(): boolean {
    return this.s.shieldUp;
  }
  get anakin(): number {
    return this.s.anakin;
  }
  get layerAhead(): string | null {
    return this.s.anakin < DATA.space.grids.length ? layerAhead(this.s) : null;
  }
  get stacks(): QgView['stacks'] {
    return this.s.stacks;
  }
  get starfighterDeck(): number {
    return this.s.starfighterDeck.length;
  }
  get droidsDeactivated(): boolean {
    return this.s.droidsDeactivated;
  }
  get decision(): QgView['decision'] {
    if (this.decisionOf === undefined) {
      const top = topDecision(this.s.stack);
      this.decisionOf = top === null ? null : { kind: top.kind, data: top.data };
    }
    return this.decisionOf;
  }
  get over(): boolean {
    return this.s.over;
  }
  get winner(): Side | null {
    return this.s.winner;
  }
}

/** The view of `viewer` as the state stands, read lazily and sharing the state's arrays: for a bot to read during its move and keep nothing of. */
export function readingView(s: QgState, viewer: ActorId): QgView {
  return new ReadingView(s, viewer);
}

/** What `viewer` may see: plain data of its own (the reading view's fields, copied). */
function view(s: QgState, viewer: ActorId): QgView {
  const v = new ReadingView(s, viewer);
  return cloneData<QgView>({
    viewer: v.viewer,
    side: v.side,
    roles: v.roles,
    turn: v.turn,
    marker: v.marker,
    hands: v.hands,
    handCounts: v.handCounts,
    plans: v.plans,
    piles: v.piles,
    bonusPiles: v.bonusPiles,
    decks: v.decks,
    realQueen: v.realQueen,
    queenRevealed: v.queenRevealed,
    realQueenDead: v.realQueenDead,
    units: v.units,
    palace: v.palace,
    nabooPalacePieces: v.nabooPalacePieces,
    tradeFederationPalacePieces: v.tradeFederationPalacePieces,
    piecesOutside: v.piecesOutside,
    shieldUp: v.shieldUp,
    anakin: v.anakin,
    layerAhead: v.layerAhead,
    stacks: v.stacks,
    starfighterDeck: v.starfighterDeck,
    droidsDeactivated: v.droidsDeactivated,
    decision: v.decision,
    over: v.over,
    winner: v.winner,
  }) as QgView;
}

/** Who rolls a chance decision's dice at the table (§12.4: the defense by the defending battle's controller). */
function rollerOf(s: QgState, data: QgData): ActorId | null {
  const roleOf = (id: string): Role => (specOf(s, id).zone === 'battlefield' ? 'battlefield' : 'palace');
  switch (data.at) {
    case 'attack-roll':
      return controller(s, data.attackerSide, roleOf(data.attacker));
    case 'defense-roll':
      return controller(s, otherSide(data.attackerSide), roleOf(data.target));
    case 'grey-roll':
      return controller(s, 'trade-federation', 'battlefield');
    case 'anakin-roll':
      return controller(s, 'naboo', 'battlefield');
    default:
      return null;
  }
}

/** The roller in words every screen shows alike: "The Trade Federation", or with four players "Naboo's Palace player". */
function rollerWords(s: QgState, roller: ActorId | null): string {
  const seat = roller === null ? undefined : s.seats[s.players.indexOf(roller)];
  if (seat === undefined) return 'The table';
  const side = capital(SIDE_NAMES[seat.side]);
  if (seat.roles.length !== 1) return side;
  return `${side}'s ${seat.roles[0] === 'battlefield' ? 'Battlefield' : 'Palace'} player`;
}

/** What a chance decision's roll is for, in words. */
const ROLL_PURPOSE: Readonly<Record<string, string>> = {
  'attack-roll': 'for the attack',
  'defense-roll': 'for the defense',
  'grey-roll': 'to block spaces in front of Anakin',
  'anakin-roll': 'for Anakin to cross',
};

const unitName = (s: QgState, id: string): string => {
  const spec = specOf(s, id);
  return spec.unique || spec.kind === 'figure' ? spec.name : `${spec.name} ${id}`;
};

/** A seat as the prompts name it: "Ana (p1)" (each front end shows it in its own way). */
const nameOf = (s: QgState, p: ActorId): string => `${s.names[s.players.indexOf(p)] ?? p} (${p})`;

function prompt(s: QgState, actor: ActorId): string {
  const d = topDecision(s.stack);
  if (d === null) return s.summary === '' ? 'The game is over.' : `The game is over: ${s.summary}.`;
  if (d.chance !== null) {
    const dice = d.chance.kind === 'roll' ? diceWords(d.chance.dice.map((x) => x.name)) : 'the dice';
    const purpose = ROLL_PURPOSE[d.kind];
    return `${rollerWords(s, rollerOf(s, d.data))} rolls ${dice}${purpose === undefined ? '' : ` ${purpose}`}.`;
  }
  if (!d.asked.includes(actor) || d.answered.includes(actor))
    return d.data.at === 'plan' ? 'Waiting for the other plans.' : `Waiting for ${listWords(waitingOn(d).map((p) => nameOf(s, p)))}.`;
  const data = d.data;
  switch (data.at) {
    case 'queen':
      return 'Choose, in secret, which Queen is the real Queen Amidala.';
    case 'plan': {
      const plan = s.plans[s.players.indexOf(actor)] as QgState['plans'][number];
      return plan.picked.length < plan.max
        ? `Choose card ${plan.picked.length + 1} of ${plan.max} for your plan.`
        : 'Slide bonus cards beneath if you like, then commit your plan.';
    }
    case 'action':
      return `Play ${cardText(cardOf(data.card), (id) => DATA.unit(id))}: choose the action to carry out, or decline.`;
    case 'activate': {
      const cur = data.current;
      const shield = data.side === 'trade-federation' || s.shieldUp ? ` The shield is ${s.shieldUp ? 'up' : 'down'}.` : '';
      if (cur === null) return `Choose the next unit to act (each at most once), or done.${shield}`;
      const name = unitName(s, cur.unit);
      const ledge = data.windowLedge && specOf(s, cur.unit).special.includes('window-ledge') ? ' Window Ledge Movement allowed.' : '';
      const wall =
        s.shieldUp && specOf(s, cur.unit).special.includes('cannot-cross-shield') ? ' The shield is up: confirm the target is on this side of it.' : '';
      if (cur.dice === null)
        return `${name} moves up to ${cur.move} at the table, then names a target it can reach there (or no attack).${ledge}${shield}${wall}`;
      if (cur.target !== null) return `How many of ${name}'s ${cur.dice} dice against ${unitName(s, cur.target)}?`;
      return `${name}: move (up to ${cur.move} in all) and attack adjacent enemies with the ${cur.dice} dice left, or done.${ledge}`;
    }
    case 'bonus':
      return `Draw a bonus card (${data.count} to draw), unseen: from which deck?`;
    case 'droids-to-palace':
      if (data.group === null) return 'Choose the Battlefield droid group whose droids go to the Palace.';
      if (data.count === null) return 'How many of its droids go to the Palace?';
      return 'How many Palace staging spaces are free at the table?';
    case 'activate-droids':
      return `Activate a new ${DATA.unit((data.groups[data.index] as { unit: string }).unit).name} next to a Multi Troop Transport: confirm a free hexagon there and choose its size, or skip.`;
    case 'starfighter':
      return `Place ${layerName(data.card)} (${layerWords(data.card)}) on top of a grid Anakin still has to cross.`;
    case 'place-dice':
      return `Put a grey die on a free space of ${layerName(data.layer)} (${data.left} to place).`;
    case 'throne-claim':
      return 'The droids are deactivated: does Naboo hold the majority in the throne room? Claim it or pass.';
    case 'throne-confirm':
      return 'Naboo claims the throne-room majority: confirm it (Naboo wins) or dispute it.';
    default:
      return `Decide the ${d.kind}.`;
  }
}

// ---------------------------------------------------------------------------------------------
// Secrets

function eventFor(e: QgEvent, viewer: ActorId): QgEvent | null {
  switch (e.type) {
    case 'drew':
      return e.seenBy.includes(viewer) ? e : { ...e, cards: null };
    case 'planned':
      return e.seenBy.includes(viewer) ? e : null;
    case 'queen-chosen':
      return e.seenBy.includes(viewer) ? e : { ...e, token: null };
    default:
      return e;
  }
}

const QUEEN_TOKENS = ['real-queen:purple-queen', 'real-queen:red-queen'];

function secretsFrom(s: QgState, viewer: ActorId): string[] {
  if (s.over) return [];
  const side = sideOf(s, viewer);
  const team = new Set(side === null ? [] : teamOf(s, side));
  const secrets: string[] = [];
  s.players.forEach((p, seat) => {
    if (!team.has(p)) secrets.push(...(s.hands[seat] as string[]));
    for (const x of s.piles[seat] as { card: string; bonus: boolean }[]) if (x.bonus || !team.has(p)) secrets.push(x.card);
  });
  for (const id of DECK_IDS) secrets.push(...s.decks[id].draw);
  secrets.push(...s.bonus.naboo, ...s.bonus['trade-federation'], ...s.starfighterDeck);
  if (side !== 'naboo' && !s.queenRevealed && s.realQueen !== null) secrets.push(s.realQueen);
  return secrets;
}

function determinize(s: QgState, viewer: ActorId, random: Random): QgState {
  const secrets = secretsFrom(s, viewer);
  const cards = secrets.filter((x) => !x.startsWith('real-queen:') && !x.startsWith('starfighter-'));
  const groups: string[][] = DECK_IDS.map((id) => cards.filter((c) => deckOf(c) === id));
  groups.push(secrets.filter((x) => x.startsWith('starfighter-')));
  if (secrets.some((x) => x.startsWith('real-queen:'))) groups.push(QUEEN_TOKENS);
  return relabelUnknown(s, groups, random);
}

function result(s: QgState): TableResult {
  if (!s.over) return { finished: false };
  const winners = s.winner === null ? [] : teamOf(s, s.winner);
  const returns = Object.fromEntries(s.players.map((p) => [p, s.winner === null ? 0.5 : winners.includes(p) ? 1 : 0]));
  return { finished: true, returns, winners, winningTeams: s.winner === null ? [] : [s.winner], summary: s.summary };
}

export const queensGambit: HiddenTableGame<Config, QgState, QgMove, QgView, QgEvent> = defineTableGame<Config, QgState, QgMove, QgView, QgEvent>(rules, {
  meta: QG_META,
  hidden: true,
  setup,
  players: (s) => s.players,
  decisions: (s) => s.stack,
  rng: (s) => s.rng,
  legalMoves,
  view,
  result,
  prompt,
  undoes: (m) => m.type === 'undo' || m.type === 'take-back-bonus' || (m.type === 'choose' && m.option === 'back'),
  eventFor,
  secretsFrom,
  determinize,
});
