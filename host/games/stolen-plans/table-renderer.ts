// Stolen Plans' renderer for the table front ends (host/table/: the terminal, the JSON stream, the
// browser pages): a viewer's view as lines (the table in seat order, the discards face up in
// order, cards in play, what the viewer knows, their hand with each card's text), a legal move as a
// menu label with the card's text as its hint (the text alone when the label names the card), for
// the terminal one menu line a card with the players it may aim at as a sub-menu (`menuPlace`),
// and an event told from the viewer's side. Pure
// functions of what the viewer may see: events arrive already filtered by the game's `eventFor`,
// so a card is named only when the event still carries it (a steal's card only for thief and
// victim, a draw only for the drawer). The switches are total over the move and event unions: a
// new kind is a type error here until it has words.

import type { ActorId } from '../../engine/table-game.ts';
import type { MenuPlace, MoveLabel, TableRenderer, Viewer } from '../../table/entry.ts';
import { andList, cardList, cardName, cardText, cardWithValue, plural, windowName } from './card-words.ts';
import { CARDS } from './cards.ts';
import { describeEffect } from './describe.ts';
import { actionPlay } from './rules-facts.ts';
import type { SpData, SpEvent, SpMove, SpView } from './state.ts';

type Names = Readonly<Record<ActorId, string>>;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** How a viewer calls the players: "you" for themselves, else the name. */
class Teller {
  constructor(
    private readonly viewer: Viewer,
    private readonly names: Names,
  ) {}
  /** "you" or the name. */
  who(id: ActorId): string {
    return id === this.viewer ? 'you' : (this.names[id] ?? id);
  }
  /** "your" or "Ben's". */
  whose(id: ActorId): string {
    return id === this.viewer ? 'your' : `${this.names[id] ?? id}'s`;
  }
  /** The subject and its verb: "you play" / "Ben plays". */
  does(id: ActorId, you: string, they: string): string {
    return `${this.who(id)} ${id === this.viewer ? you : they}`;
  }
  /** The verb alone: "look" for the viewer, "looks" for another. */
  verb(id: ActorId, you: string, they: string): string {
    return id === this.viewer ? you : they;
  }
  /** "you" or "them" after a preposition about the subject itself ("in front of you"). */
  self(id: ActorId): string {
    return id === this.viewer ? 'you' : 'them';
  }
  /** Several players as the object of a sentence. */
  them(ids: readonly ActorId[]): string {
    return andList(ids.map((id) => this.who(id)));
  }
}

const sentence = (text: string): string => `${capital(text)}.`;

// ---- the view ----

function placeName(place: string, names: Names, viewer: ActorId): string {
  if (place === 'pile') return 'in the draw pile';
  return place === viewer ? 'with you' : `with ${names[place] ?? place}`;
}

function viewLines(view: SpView, names: Names): string[] {
  const t = new Teller(view.viewer, names);
  const seated = view.players.some((p) => p.id === view.viewer);
  const lines: string[] = [];
  const over = view.winners !== null;
  lines.push(
    over
      ? `The game is over. Draw pile: ${plural(view.drawPile, 'card')}.`
      : `Turn ${view.turn}: ${view.turnPlayer === view.viewer ? 'your turn' : `${names[view.turnPlayer] ?? view.turnPlayer} to play`}. Draw pile: ${plural(view.drawPile, 'card')}.`,
  );
  const rules = [`${plural(view.rules.maxDefendCards, 'Defend card')} against an Attack`];
  if (!view.rules.endsWhenPileEmpty) rules.push('the game goes on after the last card (There is another!)');
  lines.push(`Rules: ${rules.join('; ')}.`);
  const latest = new Map(view.declarations.map((d) => [d.player, d]));
  for (const p of view.players) {
    const parts = [plural(p.cards, 'card')];
    if (p.jedi !== null) parts.push(`Jedi in front: ${cardName(p.jedi)}`);
    const others = view.inPlay
      .filter((c) => c.owner === p.id && c.card !== p.jedi)
      .map((c) => (c.nominee === undefined ? cardName(c.card) : `${cardName(c.card)} (nominating ${t.who(c.nominee)})`));
    if (others.length > 0) parts.push(`in play: ${andList(others)}`);
    const declared = latest.get(p.id);
    if (declared !== undefined) parts.push(`declared on turn ${declared.turn}: cannot discard the ${plural(declared.count, 'card')} kept`);
    if (p.known.length > 0) parts.push(`you know they hold ${cardList(p.known)}`);
    const marker = p.id === view.turnPlayer && !over ? '>' : ' ';
    lines.push(`${marker} ${names[p.id] ?? p.name}${p.id === view.viewer ? ' (you)' : ''}: ${parts.join('; ')}`);
  }
  if (view.beside.length > 0) lines.push(`Beside the discard pile: ${view.beside.map((c) => `${cardName(c)} (${cardText(c)})`).join('; ')}`);
  if (view.cargo !== null) {
    // RO6: the Cargo Ship is public; its cargo lies face down (the count is public, the cards known to its owner and, each, to who lost it).
    const known =
      view.cargo.known.length === 0 ? '' : `; you know ${view.cargo.owner === view.viewer ? 'it holds' : 'it holds, of yours,'} ${cardList(view.cargo.known)}`;
    lines.push(
      `Beside the discard pile: ${cardName(view.cargo.card)}, ${view.cargo.owner === view.viewer ? 'yours' : t.whose(view.cargo.owner)}, with ${plural(view.cargo.count, 'card')} of cargo face down${known}`,
    );
  }
  if (view.discarding !== null) {
    const cards = view.discarding.cards === null ? plural(view.discarding.count, 'card') : cardList(view.discarding.cards);
    lines.push(`Being discarded by ${t.who(view.discarding.player)}, for the Cargo Ship's owner to look through: ${cards}`);
  }
  if (view.onTable.length > 0) {
    // A Defend cancelled by Protection lies on the table until the play is over: it is said so.
    const cancelled = new Set(view.decisions.flatMap((d) => (d.data.at === 'defend-played' ? d.data.cancelled : [])));
    lines.push(`Being played: ${andList(view.onTable.map((c) => (cancelled.has(c) ? `${cardName(c)} (cancelled by Protection)` : cardName(c))))}`);
  }
  lines.push(view.discard.length === 0 ? 'Discard pile: empty' : `Discard pile, face up, first to last (the top): ${cardList(view.discard)}`);
  if (view.removed.length > 0) lines.push(`Removed from play: ${cardList(view.removed)}`);
  if (view.jediRemoved) lines.push('Remove Jedi was played: no Jedi can be placed, and Jedi Only cards do nothing.');
  if (view.pileKnown.some((c) => c !== null)) {
    const known = view.pileKnown.flatMap((c, i) => (c === null ? [] : [`${i + 1}. ${cardName(c)}`]));
    lines.push(`You know in the draw pile (from the top): ${known.join(', ')}`);
  }
  if (seated && !over && view.r2d2Could.length > 0) {
    lines.push(`R2-D2 may be: ${andList(view.r2d2Could.map((place) => placeName(place, names, view.viewer)))}.`);
  }
  const top = view.decisions.at(-1);
  if (top !== undefined && top.kind !== 'turn' && !over) {
    // The players it waits for (a steal's random pick waits on chance: nobody to name).
    const asked = top.asked.filter((id) => !top.answered.includes(id) && view.players.some((p) => p.id === id));
    lines.push(`Now: ${windowName(top.kind)}${asked.length === 0 ? '' : ` (waiting for ${t.them(asked)})`}.`);
  }
  if (seated) {
    lines.push(view.hand.length === 0 ? 'Your hand: no cards.' : `Your hand (${plural(view.hand.length, 'card')}):`);
    for (const c of view.hand) lines.push(`  ${cardWithValue(c)}: ${cardText(c)}`);
  }
  return lines;
}

// ---- moves ----

const defendTotal = (cards: readonly string[]): number => cards.reduce((sum, c) => sum + (CARDS.defendValue(c) ?? 0), 0);

/** What the cards of a move do: one kind of card, its text alone (the label names it); several, each named. */
function hintOf(cards: readonly string[]): string {
  const kinds = [...new Map(cards.map((c) => [cardName(c), c])).values()];
  return kinds.length === 1 ? cardText(kinds[0] as string) : kinds.map((c) => `${cardName(c)}: ${cardText(c)}`).join(' ');
}

/**
 * The terminal's menu: the moves of one card (or set) aimed at different players are one line
 * ("Attack with Jawa Attack (Attack 5): Ben or Cy") and a sub-menu of the players.
 */
function menuPlace(move: SpMove, view: SpView, names: Names): MenuPlace {
  const name = (id: ActorId): string => (id === view.viewer ? 'yourself' : (names[id] ?? id));
  const group = (line: string, option: string): MenuPlace => ({ group: { line, option } });
  switch (move.type) {
    case 'attack':
      return group(`Attack with ${andList([move.card, ...(move.with ?? [])].map(cardWithValue))}`, name(move.target));
    case 'steal':
      return group(`Steal with ${cardList([move.card, ...(move.with ?? [])])}`, `from ${name(move.target)}`);
    case 'assault':
    case 'strike':
      return group(`Play ${cardName(move.card)}`, `at ${name(move.target)}`);
    case 'mind-trick':
      return group(`Play ${cardName(move.card)}`, `on ${name(move.target)}`);
    case 'resource':
      return group(`Use ${cardName(move.card)}`, `on ${name(move.target)}`);
    case 'give':
      return group(`Play ${cardName(move.card)}: give ${cardWithValue(move.gift)}`, `to ${name(move.target)}`);
    case 'action':
      return move.target === undefined ? {} : group(`Play ${cardList([move.card, ...(move.with ?? [])])}`, `at ${name(move.target)}`);
    case 'hero-steal': {
      const [x, y] = move.victims;
      return group(`Steal with ${cardList(move.cards)}`, x === y ? `2 cards from ${name(x)}` : `a card each from ${name(x)} and ${name(y)}`);
    }
    case 'nominate':
      return group(`Nominate for ${cardName(move.card)}`, name(move.target));
    default:
      return {};
  }
}

/** A quick window's pass needs no answer: whoever has not answered when its time is up passes, whatever they hold. */
const byItself = (seconds: number): string => `A quick window: no need to answer, you pass when its ${seconds} s are up.`;

function passLabel(top: SpData | undefined): MoveLabel {
  if (top === undefined) return { label: 'Pass' };
  switch (top.at) {
    case 'turn':
      return { label: 'Pass your turn', hint: 'The draw pile is empty (There is another!): the game ends when every player passes in a row.' };
    case 'turn-start':
      return { label: 'Let the turn start', hint: `Play no Miss a Turn on this turn. ${byItself(top.quickSeconds)}` };
    case 'target-response':
      return { label: top.effect === 'attack' ? 'Do not defend' : 'Do not answer', hint: 'The card played against you takes effect.' };
    case 'defend-played':
      return { label: 'Play nothing on the Defend cards', hint: 'Let them count.' };
    case 'attack-failed':
      return { label: 'Take the loss', hint: `Lose ${plural(top.defence - top.value, 'card')} (the Defend beat your Attack).` };
    case 'heroes-played':
      return { label: 'Play nothing on the Rebel Heroes', hint: 'Let the steal go on.' };
    case 'extra-play':
      return { label: 'Make no extra play', hint: "Food's extra play is not used; the turn goes on." };
    case 'after-play':
      return { label: 'Use no Food', hint: 'Your turn ends after this play.' };
    case 'after-draw':
      return { label: 'Use no Water', hint: 'Your turn ends after this draw.' };
    case 'steal-peek':
      return { label: 'Do not look at the stolen cards', hint: 'Your Tracking Beacon stays as it is.' };
    case 'last-card':
      return { label: 'Reveal no Continue Play', hint: 'The game ends: the holder of R2-D2 wins.' };
    case 'scout-played':
      return { label: 'Let the Scout go on', hint: `Play no Evade Scout. ${byItself(top.quickSeconds)}` };
    case 'assault-beside':
      return { label: 'Name no second target', hint: 'The Assault ends with its first target.' };
    case 'discarding':
      return { label: 'Load no more onto the Cargo Ship', hint: 'The cards you leave go face up on the discard pile.' };
    case 'elimination':
      return { label: 'Save no more squad cards', hint: 'Your squad cards this elimination aims at and not saved are removed from play.' };
    case 'imperial-played':
      return { label: 'Take no card (Defection)', hint: 'The Imperial card is played on; you draw nothing.' };
    case 'drawn':
      return { label: 'Do not peek (Gather Intelligence)', hint: `Once the next turn starts it is too late. ${byItself(top.quickSeconds)}` };
    case 'nominate':
    case 'continue-shuffle':
    case 'friendly-gesture':
    case 'vicious-order':
    case 'choose-discards':
    case 'steal':
    case 'mind-trick':
    case 'force-vision':
    case 'search':
    case 'scout':
      return { label: `Pass (${windowName(top.at)})` };
    default: {
      const unknown: never = top;
      return unknown;
    }
  }
}

function moveLabel(move: SpMove, view: SpView, names: Names): MoveLabel {
  const name = (id: ActorId): string => (id === view.viewer ? 'yourself' : (names[id] ?? id));
  const top = view.decisions.at(-1)?.data;
  switch (move.type) {
    case 'draw':
      return { label: 'Draw a card', hint: `Take the top card of the draw pile (${plural(view.drawPile, 'card')} left); your turn ends.` };
    case 'pass':
      return passLabel(top);
    case 'attack': {
      const cards = [move.card, ...(move.with ?? [])];
      return { label: `Attack ${name(move.target)} with ${andList(cards.map(cardWithValue))}`, hint: hintOf(cards) };
    }
    case 'react': {
      if (top?.at === 'discarding' && move.on !== undefined)
        return { label: `Put ${cardWithValue(move.on)} face down on your Cargo Ship`, hint: hintOf([move.card, move.on]) };
      if (top?.at === 'imperial-played') return { label: `Take the top card of the draw pile (${cardName(move.card)})`, hint: hintOf([move.card]) };
      if (top?.at === 'drawn') return { label: `Peek at the cards drawn (${cardName(move.card)})`, hint: hintOf([move.card]) };
      if (top?.at === 'elimination' && move.on !== undefined)
        return { label: `Save ${cardName(move.on)} with ${cardName(move.card)}`, hint: hintOf([move.card, move.on]) };
      const on = move.on === undefined ? '' : ` on ${cardWithValue(move.on)}`;
      const cards = [move.card, ...(move.with ?? [])];
      return { label: `Play ${cardList(cards)}${on}`, hint: hintOf(cards) };
    }
    case 'give':
      return { label: `Play ${cardName(move.card)}: give ${cardWithValue(move.gift)} to ${name(move.target)}`, hint: hintOf([move.card, move.gift]) };
    case 'assault':
      return { label: `Play ${cardName(move.card)} at ${name(move.target)}`, hint: hintOf([move.card]) };
    case 'beside':
      return { label: `Name ${name(move.target)} as the Assault's second target`, hint: 'A player beside the first target.' };
    case 'resource':
      return { label: `Use ${cardName(move.card)} on ${name(move.target)}`, hint: hintOf([move.card]) };
    case 'reactivate':
      return { label: `Flip ${cardName(move.card)} back to Active`, hint: `Discard the cards its reactivation costs. ${hintOf([move.card])}` };
    case 'hand-over':
      return { label: `Give ${cardWithValue(move.card)}`, hint: hintOf([move.card]) };
    case 'steal': {
      const cards = [move.card, ...(move.with ?? [])];
      return { label: `Steal from ${name(move.target)} with ${cardList(cards)}`, hint: hintOf(cards) };
    }
    case 'strike':
      return { label: `Play ${cardName(move.card)} at ${name(move.target)}`, hint: hintOf([move.card]) };
    case 'hero-steal': {
      const [x, y] = move.victims;
      const from = x === y ? `2 cards from ${name(x)}` : `a card each from ${name(x)} and ${name(y)}`;
      return { label: `Steal ${from} with ${cardList(move.cards)}`, hint: hintOf(move.cards) };
    }
    case 'place-jedi':
      return { label: `Place ${cardName(move.card)} in front of you`, hint: hintOf([move.card]) };
    case 'action': {
      const cards = [move.card, ...(move.with ?? [])];
      const at = move.target === undefined ? '' : ` at ${name(move.target)}`;
      // A card of two ways (Scavenger) says which way each choice plays it.
      const way = move.way === undefined ? null : actionPlay(move.card, move.way);
      return { label: `Play ${cardList(cards)}${at}${way === null ? '' : `: ${describeEffect(way.effect)}`}`, hint: hintOf(cards) };
    }
    case 'mind-trick':
      return { label: `Play ${cardName(move.card)} on ${name(move.target)}`, hint: hintOf([move.card]) };
    case 'force-vision':
      return { label: `Play ${cardName(move.card)}`, hint: hintOf([move.card]) };
    case 'jedi-wisdom':
      return { label: `Play ${cardName(move.card)}: take ${cardWithValue(move.take)} from the discard pile`, hint: hintOf([move.card, move.take]) };
    case 'defend':
      return {
        label: `Defend with ${andList(move.cards.map(cardWithValue))}${move.cards.length > 1 ? `: Defend ${defendTotal(move.cards)} in all` : ''}`,
        hint: hintOf(move.cards),
      };
    case 'discard':
      return { label: `Lose ${cardWithValue(move.card)}`, hint: hintOf([move.card]) };
    case 'take': {
      const holder = view.players.find((p) => p.known.includes(move.card));
      const from = top?.at === 'search' ? ' from the discard pile' : holder === undefined ? '' : ` from ${names[holder.id] ?? holder.id}`;
      return { label: `Take ${cardWithValue(move.card)}${from}`, hint: hintOf([move.card]) };
    }
    case 'order':
      return { label: `Put back, top first: ${move.cards.map(cardName).join(', ')}`, hint: 'The first named goes on top of the draw pile.' };
    case 'unload':
      return {
        label: `Unload your Cargo Ship into your hand (${plural(view.cargo?.count ?? 0, 'card')})`,
        hint: `It does not use your turn or answer what you are asked; the Cargo Ship is then discarded. ${hintOf([move.card])}`,
      };
    case 'use-squad':
      return move.take !== undefined
        ? { label: `Use ${cardName(move.card)}: take ${cardWithValue(move.take)} from the discard pile`, hint: hintOf([move.card, move.take]) }
        : { label: `Use ${cardName(move.card)}: look at ${move.target === undefined ? 'a' : `${name(move.target)}'s`} hand`, hint: hintOf([move.card]) };
    case 'eliminate': {
      const cards = [move.card, ...(move.with ?? [])];
      const aim =
        move.target === undefined
          ? 'every Rogue One Squad card in play'
          : move.squad === undefined
            ? `every Rogue One Squad card in front of ${name(move.target)}`
            : `${cardName(move.squad)} in front of ${name(move.target)}`;
      return { label: `Play ${cardList(cards)}: eliminate ${aim}`, hint: hintOf(cards) };
    }
    case 'nominate':
      return { label: `Nominate ${name(move.target)} for ${cardName(move.card)}`, hint: hintOf([move.card]) };
    case 'back':
      return { label: 'Back: put the card you took last back on the discard pile', hint: 'Your search goes on: choose that card again, or another.' };
    case 'chance':
      return { label: 'The card picked at random' };
    default: {
      const unknown: never = move;
      return unknown;
    }
  }
}

// ---- events ----

function playedLine(e: Extract<SpEvent, { type: 'played' }>, t: Teller): string {
  const cards = cardList(e.cards);
  const at = e.targets.length === 0 ? '' : ` at ${t.them(e.targets)}`;
  switch (e.as) {
    case 'attack':
      return sentence(`${t.does(e.player, 'attack', 'attacks')} ${t.them(e.targets)} with ${andList(e.cards.map(cardWithValue))}`);
    case 'steal':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards} to steal from ${t.them(e.targets)}`);
    case 'hero-steal':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards} to steal from ${t.them(e.targets)}`);
    case 'place':
    case 'place-jedi':
      return sentence(
        `${t.does(e.player, 'place', 'places')} ${cards} face up in front of ${t.self(e.player)}${e.targets.length === 0 ? '' : `, nominating ${t.them(e.targets)}`}`,
      );
    case 'eliminate':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards} to eliminate the Rogue One Squad cards of ${t.them(e.targets)}`);
    case 'locate-plans':
      return sentence(`${t.does(e.player, 'use', 'uses')} ${cards} to look at ${t.them(e.targets)}'s hand`);
    case 'reprogram':
      return sentence(`${t.does(e.player, 'use', 'uses')} ${cards} to take a card from the discard pile`);
    case 'win':
      return sentence(`${t.does(e.player, 'reveal', 'reveals')} ${cards}`);
    case 'movement':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards}: every hand passes to the left`);
    case 'scout':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards} and ${t.verb(e.player, 'look', 'looks')} at every other hand`);
    case 'cargo-ship':
      return sentence(`${t.does(e.player, 'place', 'places')} ${cards} face up beside the discard pile`);
    case 'destroy-cargo':
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards} to destroy the Cargo Ship`);
    default:
      return sentence(`${t.does(e.player, 'play', 'plays')} ${cards}${at}`);
  }
}

function eventLines(e: SpEvent, viewer: Viewer, names: Names): string[] {
  const t = new Teller(viewer, names);
  switch (e.type) {
    case 'dealt':
      return [
        e.cards === null
          ? sentence(`${t.who(e.player)} ${e.player === viewer ? 'are' : 'is'} dealt ${plural(e.count, 'card')}`)
          : `You are dealt ${cardList(e.cards)}.`,
      ];
    case 'turn-started':
      return [`Turn ${e.turn}: ${e.player === viewer ? 'your turn' : `${names[e.player] ?? e.player}'s turn`}.`];
    case 'drew':
      return [
        e.card === null
          ? sentence(`${t.does(e.player, 'draw', 'draws')} a card (${plural(e.left, 'card')} left)`)
          : sentence(`${t.does(e.player, 'draw', 'draws')} ${cardWithValue(e.card)} (${plural(e.left, 'card')} left)`),
      ];
    case 'played':
      return [playedLine(e, t)];
    case 'passed':
      return [sentence(`${t.does(e.player, 'pass', 'passes')}${e.window === 'turn' ? '' : ` (${windowName(e.window)})`}`)];
    case 'reacted':
      // Rogue One: a squad card in play answering its window is used, not played.
      if (e.window === 'imperial-played') return [sentence(`${t.does(e.player, 'use', 'uses')} ${cardName(e.card)} to take the top card of the draw pile`)];
      if (e.window === 'drawn') return [sentence(`${t.does(e.player, 'use', 'uses')} ${cardName(e.card)} to peek at the cards drawn`)];
      if (e.window === 'elimination' && e.on !== null)
        return [sentence(`${t.does(e.player, 'save', 'saves')} ${cardName(e.on)} from elimination with ${cardName(e.card)}`)];
      return [
        sentence(`${t.does(e.player, 'play', 'plays')} ${cardName(e.card)}${e.on === null ? '' : ` on ${cardWithValue(e.on)}`} (${windowName(e.window)})`),
      ];
    case 'hands-passed':
      return ['Every hand passes to the player on the left.'];
    case 'turn-missed':
      return [sentence(`${t.does(e.player, 'miss', 'misses')} the turn (Miss a Turn by ${t.who(e.by)})`)];
    case 'cancelled':
      return [sentence(`${t.does(e.player, 'cancel', 'cancels')} ${cardList(e.cards)}`)];
    case 'defended':
      return [
        sentence(
          `${t.does(e.player, 'defend', 'defends')} with ${andList(e.cards.map(cardWithValue))}${e.cards.length > 1 ? `: Defend ${e.total} in all` : ''}`,
        ),
      ];
    case 'attack-resolved': {
      const score = `Attack ${e.attack} against Defend ${e.defence}`;
      if (e.loser === null || e.cards === 0) return [`${score}: nobody loses a card.`];
      return [`${score}: ${t.does(e.loser, 'lose', 'loses')} ${plural(e.cards, 'card')}.`];
    }
    case 'discarded':
      return [sentence(`${t.does(e.player, 'discard', 'discards')} ${cardWithValue(e.card)}`)];
    case 'cannot-discard':
      return [
        sentence(
          `${t.does(e.player, 'declare', 'declares')} that the ${plural(e.count, 'card')} ${t.who(e.player) === 'you' ? 'you' : 'they'} still hold cannot be discarded`,
        ),
      ];
    case 'stolen':
      if (e.card === null) return [sentence(`${t.does(e.thief, 'take', 'takes')} a card from ${t.who(e.victim)}`)];
      return [sentence(`${t.does(e.thief, 'take', 'takes')} ${cardWithValue(e.card)} from ${t.who(e.victim)}`)];
    case 'hand-shown':
      if (e.cards === null) return [sentence(`${t.does(e.viewer, 'look', 'looks')} at ${t.whose(e.holder)} hand`)];
      return [
        e.cards.length === 0
          ? sentence(`${t.whose(e.holder)} hand is empty`)
          : sentence(`${t.whose(e.holder)} hand, as ${t.who(e.viewer)} ${e.viewer === viewer ? 'see' : 'sees'} it: ${cardList(e.cards)}`),
      ];
    case 'took': {
      const from = e.from === 'discard' ? 'the discard pile' : e.from === 'pile' ? 'the draw pile' : t.who(e.from);
      return [sentence(`${t.does(e.player, 'take', 'takes')} ${e.card === null ? 'a card' : cardWithValue(e.card)} from ${from}`)];
    }
    case 'pile-seen':
      if (e.cards === null) return [sentence(`${t.does(e.player, 'look', 'looks')} at the top of the draw pile`)];
      return [`The top of the draw pile, first to last: ${e.cards.map(cardName).join(', ') || 'nothing'}.`];
    case 'pile-ordered':
      return [sentence(`${t.does(e.player, 'put', 'puts')} the top ${plural(e.count, 'card')} back in ${e.player === viewer ? 'your' : 'their'} chosen order`)];
    case 'given':
      return [sentence(`${t.does(e.from, 'give', 'gives')} ${e.card === null ? 'a card' : cardWithValue(e.card)} to ${t.who(e.to)}`)];
    case 'steal-seen':
      if (e.cards === null)
        return [sentence(`${t.does(e.viewer, 'look', 'looks')} at the cards ${t.who(e.thief)} takes from ${t.who(e.victim)} (Tracking Beacon)`)];
      return [sentence(`Your Tracking Beacon shows the cards ${t.who(e.thief)} takes from ${t.who(e.victim)}: ${cardList(e.cards)}`)];
    case 'resource-flipped':
      return [sentence(`${t.whose(e.owner)} ${cardName(e.card)} is now ${e.active ? 'Active' : 'Inactive'}`)];
    case 'put-on-pile':
      return [
        e.cards === null
          ? sentence(`${t.does(e.player, 'put', 'puts')} ${plural(e.count, 'card')} face down on top of the draw pile`)
          : sentence(`You put ${cardList(e.cards)} face down on top of the draw pile, first on top`),
      ];
    case 'play-continues':
      return [
        sentence(
          `${t.does(e.player, 'reveal', 'reveals')} Continue Play: a new draw pile of ${plural(e.pile, 'card')}${e.removed === 0 ? '' : `, ${plural(e.removed, 'card')} out of play face down`}`,
        ),
      ];
    case 'set-aside':
      return [
        e.card === null
          ? sentence(`${t.does(e.player, 'discard', 'discards')} a card, face down for now: ${t.whose(e.owner)} Cargo Ship may take it`)
          : sentence(
              `${t.does(e.player, 'discard', 'discards')} ${cardWithValue(e.card)}, shown to ${e.owner === viewer ? 'you' : `${names[e.owner] ?? e.owner}`} for the Cargo Ship`,
            ),
      ];
    case 'loaded':
      return [
        sentence(
          `${t.does(e.owner, 'put', 'puts')} ${e.card === null ? 'a card' : cardWithValue(e.card)} ${t.who(e.from) === 'you' ? 'you discarded' : `discarded by ${t.who(e.from)}`} face down on the Cargo Ship (${plural(e.cargo, 'card')} on it)`,
        ),
      ];
    case 'unloaded':
      return [
        sentence(
          `${t.does(e.owner, 'take', 'takes')} the Cargo Ship's ${plural(e.count, 'card')} into ${e.owner === viewer ? 'your' : 'their'} hand${e.cards === null ? '' : `: ${cardList(e.cards)}`}; the Cargo Ship is discarded`,
        ),
      ];
    case 'remainder':
      return [sentence(`The AT-ACT's remainder: ${t.does(e.player, 'lose', 'loses')} ${plural(e.count, 'card')}`)];
    case 'cargo-destroyed':
      return [
        sentence(
          `${t.does(e.player, 'destroy', 'destroys')} ${t.whose(e.owner)} Cargo Ship: it and its ${plural(e.count, 'card')} of cargo are removed from play`,
        ),
      ];
    case 'eliminated':
      return [
        e.cards.length === 0
          ? 'No Rogue One Squad card is eliminated: every one was saved.'
          : `${cardList(e.cards)} ${e.cards.length === 1 ? 'is' : 'are'} eliminated: removed from play.`,
      ];
    case 'squads-moved':
      return [`${cardList(e.cards)} ${e.cards.length === 1 ? 'moves' : 'move'} from in front of ${t.who(e.from)} to in front of ${t.who(e.to)}.`];
    case 'nominated':
      return [sentence(`${t.does(e.player, 'nominate', 'nominates')} ${t.who(e.nominee)} for ${cardName(e.card)}`)];
    case 'drawn-seen':
      if (e.cards === null) return [sentence(`${t.does(e.viewer, 'peek', 'peeks')} at the cards ${t.who(e.player)} drew (Gather Intelligence)`)];
      return [
        sentence(
          `Gather Intelligence shows you the cards ${t.who(e.player)} drew this turn: ${e.cards.length === 0 ? 'none is still in their hand' : cardList(e.cards)}`,
        ),
      ];
    case 'put-back':
      return [sentence(`${t.does(e.player, 'put', 'puts')} ${cardWithValue(e.card)} back on the discard pile`)];
    case 'game-over': {
      const lines = [`The game is over: ${e.summary}.`];
      if (e.r2d2 !== null && !e.winners.includes(e.r2d2)) lines.push(`R2-D2 was ${e.r2d2 === viewer ? 'in your hand' : `with ${names[e.r2d2] ?? e.r2d2}`}.`);
      return lines;
    }
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}

export const stolenPlansRenderer: TableRenderer<SpView, SpMove, SpEvent> = { viewLines, moveLabel, eventLines, menuPlace };
