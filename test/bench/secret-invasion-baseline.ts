// The bench's hand-tuned Secret Invasion: the same rules as host/games/secret-invasion/play.ts,
// written for speed alone with plain integers and typed arrays (cards are indexes into the deck
// data's card list, seats are 0..n-1), and played by the same random policy as the engine's
// playouts: a uniform choice among the forward steps (the card, then the target where one is
// asked, then the value named), Boba Fett's second try taken or declined at even odds, each round
// shuffled afresh, the game over when one player alone has the most tokens and at least the
// target. It keeps what each player was shown of another's card, as the engine's rules do. It
// is the yardstick of the engine's random playouts in the same run (secret-invasion.ts) and
// lives only here: the game itself is played by the engine's one implementation.

import type { Deck } from '../../host/games/secret-invasion/deck.ts';

const GUESS = 0;
const GUESS_TWICE = 1;
const LOOK = 2;
const LOWER_OUT = 3;
const HIGHER_OUT = 4;
const PROTECT = 5;
const REDRAW = 6;
const SWAP = 7;
const NONE = 8;
const OUT_WHEN_DISCARDED = 9;
const EFFECTS = ['guess', 'guess-twice', 'look', 'compare-lower-out', 'compare-higher-out', 'protect', 'redraw', 'swap', 'none', 'out-when-discarded'];

/** A fast sfc32 cursor (the engine's generator, on four fields). */
class Fast {
  // Begun at 0 (small integers), as the engine's cursor: a field declared without a value begins
  // undefined, and V8 then reads and writes it through checks.
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  constructor(seed: number) {
    this.a = 0x9e37_79b9 ^ seed;
    this.b = 0x243f_6a88;
    this.c = 0xb7e1_5162 ^ Math.imul(seed, 0x85eb_ca6b);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }
  below(bound: number): number {
    const limit = Math.floor(0x1_0000_0000 / bound) * bound;
    for (;;) {
      const x = this.next();
      if (x < limit) return x % bound;
    }
  }
}

/** The deck as integers: each card's value, effect and character, and the characters that force a discard. */
export interface FastDeck {
  readonly cards: number;
  readonly value: Int8Array;
  readonly effect: Int8Array;
  readonly character: Int8Array;
  /** Bit c of forces[k]: card k must be discarded when held with a card of character c (Obi-Wan with Luke or Vader). */
  readonly forces: Int32Array;
  readonly guessMin: number;
  readonly guessMax: number;
  readonly faceUp: readonly number[];
  readonly tokensToWin: readonly number[];
}

export function fastDeckOf(deck: Deck): FastDeck {
  const n = deck.cards.length;
  const value = new Int8Array(n);
  const effect = new Int8Array(n);
  const character = new Int8Array(n);
  const forces = new Int32Array(n);
  const characterIndex = (id: string) => deck.characters.findIndex((c) => c.id === id);
  deck.cards.forEach((card, k) => {
    const c = deck.characters[characterIndex(card.character)];
    if (c === undefined) throw new Error(`no character ${card.character}`);
    value[k] = card.value;
    effect[k] = EFFECTS.indexOf(c.effect);
    character[k] = characterIndex(c.id);
    for (const other of c.mustDiscardWith) forces[k] = (forces[k] as number) | (1 << characterIndex(other));
  });
  const byPlayers = (r: Readonly<Record<string, number>>) => [0, 1, 2, 3, 4].map((p) => r[String(p)] ?? 0);
  return {
    cards: n,
    value,
    effect,
    character,
    forces,
    guessMin: deck.rules.guess.min,
    guessMax: deck.rules.guess.max,
    faceUp: byPlayers(deck.rules.faceUpSetAside),
    tokensToWin: byPlayers(deck.rules.tokensToWin),
  };
}

/** One game of `players` played to its end at random; returns the steps taken (chance deals included). */
export function fastRandomGame(d: FastDeck, players: number, seed: number): number {
  const random = new Fast(seed);
  const n = d.cards;
  const order = new Int8Array(n);
  const deck = new Int8Array(n);
  const hand = new Int8Array(players * 2);
  const handCount = new Int8Array(players);
  const discardTotal = new Int32Array(players);
  const out = new Uint8Array(players);
  const shielded = new Uint8Array(players);
  const tokens = new Int32Array(players);
  /** known[viewer * players + subject]: the card the viewer was shown, or -1. */
  const known = new Int8Array(players * players);
  const targets = new Int8Array(players + 1);
  const target = d.tokensToWin[players] as number;
  let top = 0;
  let deckEnd = 0;
  let setAside = -1;
  let starter = 0;
  let steps = 0;

  const forgetSubject = (subject: number, character: number): void => {
    for (let v = 0; v < players; v++) {
      const k = known[v * players + subject] as number;
      if (k >= 0 && (character < 0 || d.character[k] === character)) known[v * players + subject] = -1;
    }
  };
  const forgetPlayer = (p: number): void => {
    for (let o = 0; o < players; o++) {
      known[p * players + o] = -1;
      known[o * players + p] = -1;
    }
  };
  const learn = (viewer: number, subject: number, card: number): void => {
    if (viewer !== subject) known[viewer * players + subject] = card;
  };
  const takeFromHand = (p: number, at: number): number => {
    const card = hand[p * 2 + at] as number;
    if (at === 0) hand[p * 2] = hand[p * 2 + 1] as number;
    handCount[p] = (handCount[p] as number) - 1;
    return card;
  };
  const discardAt = (p: number, at: number): void => {
    const card = takeFromHand(p, at);
    discardTotal[p] = (discardTotal[p] as number) + (d.value[card] as number);
    forgetSubject(p, d.character[card] as number);
    if (d.effect[card] === OUT_WHEN_DISCARDED && !out[p]) knockOut(p);
  };
  const knockOut = (p: number): void => {
    if (out[p]) return;
    out[p] = 1;
    shielded[p] = 0;
    forgetPlayer(p);
    while ((handCount[p] as number) > 0) discardAt(p, 0);
  };
  const inRound = (): number => {
    let k = 0;
    for (let p = 0; p < players; p++) if (!out[p]) k++;
    return k;
  };
  /** The targets offered, into `targets`; their count. */
  const offer = (me: number, effect: number): number => {
    let k = 0;
    if (effect === LOOK) targets[k++] = -1;
    for (let p = 0; p < players; p++) if (!out[p] && !shielded[p] && (p !== me || effect === REDRAW)) targets[k++] = p;
    return effect === LOOK && k === 1 ? 0 : k;
  };
  const guessValue = (): number => d.guessMin + random.below(d.guessMax - d.guessMin + 1);

  const deal = (): void => {
    for (let i = 0; i < n; i++) order[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = random.below(i + 1);
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    steps++;
    setAside = order[0] as number;
    let next = 1 + (d.faceUp[players] as number);
    for (let p = 0; p < players; p++) {
      hand[p * 2] = order[next++] as number;
      handCount[p] = 1;
      discardTotal[p] = 0;
      out[p] = 0;
      shielded[p] = 0;
    }
    known.fill(-1);
    deckEnd = 0;
    for (let k = next; k < n; k++) deck[deckEnd++] = order[k] as number;
    top = 0;
  };

  /** One turn of `me`; the steps taken. */
  const turn = (me: number): void => {
    shielded[me] = 0;
    hand[me * 2 + 1] = deck[top++] as number;
    handCount[me] = 2;
    const a = hand[me * 2] as number;
    const b = hand[me * 2 + 1] as number;
    // The card step: a forced discard alone, else one step per character held.
    let at: number;
    if ((d.forces[a] as number) & (1 << (d.character[b] as number))) at = 0;
    else if ((d.forces[b] as number) & (1 << (d.character[a] as number))) at = 1;
    else if (d.character[a] === d.character[b]) at = 0;
    else at = random.below(2);
    steps++;
    const card = hand[me * 2 + at] as number;
    const effect = d.effect[card] as number;
    discardAt(me, at);
    if (out[me]) return;
    let chosen = -1;
    if (effect !== PROTECT && effect !== NONE && effect !== OUT_WHEN_DISCARDED) {
      const k = offer(me, effect);
      if (k > 1 || (k === 1 && effect === LOOK)) {
        chosen = targets[random.below(k)] as number;
        steps++;
      } else if (k === 1) chosen = targets[0] as number;
    }
    switch (effect) {
      case PROTECT:
        shielded[me] = 1;
        return;
      case GUESS:
      case GUESS_TWICE: {
        if (chosen < 0) return;
        steps++;
        if (d.value[hand[chosen * 2] as number] === guessValue()) {
          knockOut(chosen);
          return;
        }
        if (effect === GUESS) return;
        // Boba Fett missed: stop, or guess again (a target, a value) when anyone may be targeted.
        const k = offer(me, GUESS);
        steps++;
        if (k === 0 || random.below(2) === 0) return;
        let again = targets[0] as number;
        if (k > 1) {
          again = targets[random.below(k)] as number;
          steps++;
        }
        steps++;
        if (d.value[hand[again * 2] as number] === guessValue()) knockOut(again);
        else knockOut(me);
        return;
      }
      case LOOK:
        if (chosen >= 0) learn(me, chosen, hand[chosen * 2] as number);
        return;
      case LOWER_OUT:
      case HIGHER_OUT: {
        if (chosen < 0) return;
        const mine = hand[me * 2] as number;
        const theirs = hand[chosen * 2] as number;
        const difference = (d.value[mine] as number) - (d.value[theirs] as number);
        if (difference === 0) {
          learn(me, chosen, theirs);
          learn(chosen, me, mine);
        } else knockOut(difference < 0 === (effect === LOWER_OUT) ? me : chosen);
        return;
      }
      case SWAP: {
        if (chosen < 0) return;
        const mine = hand[me * 2] as number;
        const theirs = hand[chosen * 2] as number;
        hand[me * 2] = theirs;
        hand[chosen * 2] = mine;
        for (let v = 0; v < players; v++) {
          if (v === me || v === chosen) {
            known[v * players + me] = -1;
            known[v * players + chosen] = -1;
            continue;
          }
          const km = known[v * players + me] as number;
          known[v * players + me] = known[v * players + chosen] as number;
          known[v * players + chosen] = km;
        }
        learn(me, chosen, mine);
        learn(chosen, me, theirs);
        return;
      }
      case REDRAW: {
        discardAt(chosen, 0);
        if (out[chosen]) return;
        forgetSubject(chosen, -1);
        hand[chosen * 2] = top < deckEnd ? (deck[top++] as number) : setAside;
        if (top >= deckEnd && hand[chosen * 2] === setAside) setAside = -1;
        handCount[chosen] = 1;
        return;
      }
    }
  };

  for (;;) {
    deal();
    let player = starter;
    let winners = 0;
    for (;;) {
      turn(player);
      if (inRound() <= 1) {
        for (let p = 0; p < players; p++) if (!out[p]) winners |= 1 << p;
        break;
      }
      if (top >= deckEnd) {
        let best = -1;
        let bestTotal = -1;
        for (let p = 0; p < players; p++) {
          if (out[p]) continue;
          const value = d.value[hand[p * 2] as number] as number;
          const total = discardTotal[p] as number;
          if (value > best || (value === best && total > bestTotal)) {
            best = value;
            bestTotal = total;
            winners = 0;
          }
          if (value === best && total === bestTotal) winners |= 1 << p;
        }
        break;
      }
      do player = (player + 1) % players;
      while (out[player]);
    }
    let most = 0;
    let leaders = 0;
    let leader = -1;
    for (let p = 0; p < players; p++) {
      if (winners & (1 << p)) tokens[p] = (tokens[p] as number) + 1;
      const t = tokens[p] as number;
      if (t > most) {
        most = t;
        leaders = 1;
        leader = p;
      } else if (t === most) leaders++;
    }
    if (most >= target && leaders === 1 && leader >= 0) return steps;
    for (let k = 0; k < players; k++) {
      const p = (starter + k) % players;
      if (winners & (1 << p)) {
        starter = p;
        break;
      }
    }
  }
}
