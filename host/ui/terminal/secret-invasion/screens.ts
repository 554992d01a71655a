// What the pass-and-play terminal shows, as pure functions from what one viewer may know (their
// view and the events as eventFor gave them to that viewer) to lines of text. Nothing here
// reads the game's state: a screen can only show what its viewer's view and events hold.
//
//   passScreen      between two people's turns: only whom to pass to
//   seatScreen      a player's own screen: the table, their hand, what they know, the recent log
//   eventLines      one event told from the viewer's side ("you", names, cards they may know)
//   timerLines      what the timer at the table plays and warns (its sounds, shown as well)
//   cardGuideLines  every character: value, copies, what it does (public: the box's contents)
//   finalLines      the end of the game, for everyone

import type { MenuStep } from '../../../companion/secret-invasion/choices.ts';
import type { TurnClock } from '../../../companion/secret-invasion/session.ts';
import type { Deck } from '../../../games/secret-invasion/deck.ts';
import type { CardView, PlayerId, SecretInvasionEvent, SecretInvasionView } from '../../../games/secret-invasion/model.ts';
import { TABLE_SOUNDS } from '../../../games/secret-invasion/timer-commands.ts';
import type { DeviceEvent } from '../../../link/messages.ts';
import type { Style } from '../style.ts';

/** Names a card id found in an event. */
export type CardNamer = (id: string) => CardView;

/** The viewer of the public narration: a person watching the table, holding no seat. */
export const TABLE_VIEWER = 'table';

export interface Names {
  readonly viewer: PlayerId;
  name(id: PlayerId): string;
}

export function namesFor(view: Pick<SecretInvasionView, 'viewer' | 'players'>): Names {
  return {
    viewer: view.viewer,
    name: (id) => view.players.find((p) => p.id === id)?.name ?? id,
  };
}

function show(card: CardView): string {
  return `${card.name} (${card.value})`;
}

export function passScreen(name: string, style: Style): string[] {
  return ['', style.bold(`Pass to ${name}, then press Enter.`), style.dim('(Only the player named should look at the screen.)')];
}

/** "you" for the viewer, the name for anyone else; `subject` capitalises it. */
function person(names: Names, id: PlayerId, subject = false): string {
  if (id === names.viewer) return subject ? 'You' : 'you';
  return names.name(id);
}

function possessive(names: Names, id: PlayerId): string {
  return id === names.viewer ? 'your' : `${names.name(id)}'s`;
}

const OUT_REASONS: Readonly<Record<string, string>> = {
  'leia-discarded': 'Princess Leia was discarded',
  guessed: 'the card was guessed',
  compared: 'the droids compared hands',
  'second-miss': 'Boba Fett missed twice',
};

/** One event as `names.viewer` may know it; null card fields stay unsaid. */
export function eventLines(event: SecretInvasionEvent, names: Names, card: CardNamer, style: Style): string[] {
  const p = (id: PlayerId, subject = false): string => person(names, id, subject);
  switch (event.type) {
    case 'round-started': {
      const faceUp = event.faceUp.length > 0 ? ` Set aside face up: ${event.faceUp.map((id) => show(card(id))).join(', ')}.` : '';
      return [style.bold(`Round ${event.round} begins: ${p(event.firstPlayer)} ${event.firstPlayer === names.viewer ? 'play' : 'plays'} first.${faceUp}`)];
    }
    case 'card-dealt':
      return event.card === null || event.player !== names.viewer ? [] : [`You were dealt ${show(card(event.card))}.`];
    case 'turn-started':
      return [style.dim(`— ${possessive(names, event.player)} turn (round ${event.round}, turn ${event.turn}) —`)];
    case 'card-drawn':
      if (event.card !== null && event.player === names.viewer)
        return [`You drew ${show(card(event.card))}${event.from === 'set-aside' ? ' (the set-aside card)' : ''}.`];
      return event.from === 'set-aside' ? [`${p(event.player, true)} took the set-aside card.`] : [];
    case 'card-discarded': {
      const why = event.cause === 'played' ? '' : event.cause === 'luke' ? ' (made to by Luke Skywalker)' : ' on going out';
      return [`${p(event.player, true)} discarded ${show(card(event.card))}${why}.`];
    }
    case 'no-effect': {
      const why =
        event.reason === 'all-protected'
          ? 'every opponent is protected or out'
          : event.reason === 'declined'
            ? 'no one was looked at'
            : 'it has no effect when discarded';
      return [style.dim(`  Nothing happens: ${why}.`)];
    }
    case 'protected':
      return [
        `  ${p(event.player, true)} ${event.player === names.viewer ? 'are' : 'is'} protected by Chewbacca until ${possessive(names, event.player)} next turn.`,
      ];
    case 'guessed': {
      const result = event.hit ? style.red('a hit!') : 'a miss.';
      return [`  ${p(event.player, true)} named ${event.guess} for ${p(event.target)}${event.attempt === 2 ? ' (second try)' : ''}: ${result}`];
    }
    case 'second-try-offered':
      return [`  ${p(event.player, true)} may guess once more with Boba Fett.`];
    case 'second-try-declined':
      return [`  ${p(event.player, true)} stopped guessing.`];
    case 'han-looked':
      if (event.card !== null && event.player === names.viewer)
        return [style.cyan(`  You looked at ${names.name(event.target)}'s card: ${show(card(event.card))}.`)];
      if (event.target === names.viewer) return [`  ${names.name(event.player)} looked at your card.`];
      return [`  ${p(event.player, true)} looked at ${p(event.target)}'s card.`];
    case 'droids-compared': {
      const lines: string[] = [];
      const loser = event.loser === null ? 'equal values: nothing happens' : `${p(event.loser)} ${event.loser === names.viewer ? 'are' : 'is'} out`;
      if (event.playerCard !== null && event.targetCard !== null) {
        const mine = event.player === names.viewer ? event.playerCard : event.targetCard;
        const theirs = event.player === names.viewer ? event.targetCard : event.playerCard;
        const other = event.player === names.viewer ? event.target : event.player;
        lines.push(style.cyan(`  The droids compared your ${show(card(mine))} with ${names.name(other)}'s ${show(card(theirs))}: ${loser}.`));
      } else {
        lines.push(`  ${p(event.player, true)} and ${p(event.target)} compared hands in secret: ${loser}.`);
      }
      return lines;
    }
    case 'hands-swapped':
      if (event.playerCard !== null && event.targetCard !== null && (event.player === names.viewer || event.target === names.viewer)) {
        const got = event.player === names.viewer ? event.playerCard : event.targetCard;
        const gave = event.player === names.viewer ? event.targetCard : event.playerCard;
        const other = event.player === names.viewer ? event.target : event.player;
        // The one who discarded Darth Vader did the swapping; the other reads who swapped with them.
        const who = event.player === names.viewer ? `You swapped hands with ${names.name(other)}` : `${names.name(other)} swapped hands with you`;
        return [style.cyan(`  ${who}: you gave ${show(card(gave))} and got ${show(card(got))}.`)];
      }
      return [`  ${p(event.player, true)} swapped hands with ${p(event.target)}.`];
    case 'luke-redraw':
      return [
        `  ${p(event.player, true)} made ${event.target === event.player ? (event.player === names.viewer ? 'yourself' : 'themselves') : p(event.target)} discard and draw again.`,
      ];
    case 'player-out':
      return [
        style.red(
          `  ${p(event.player, true)} ${event.player === names.viewer ? 'are' : 'is'} out of the round (${OUT_REASONS[event.reason] ?? event.reason}).`,
        ),
      ];
    case 'round-ended':
      return roundEndLines(event, names, card, style);
    case 'game-won':
      return [
        style.bold(
          style.green(
            `${p(event.winner, true)} ${event.winner === names.viewer ? 'complete' : 'completes'} the rescue and ${event.winner === names.viewer ? 'win' : 'wins'} the game with ${event.tokens} victory tokens!`,
          ),
        ),
      ];
  }
}

function roundEndLines(event: Extract<SecretInvasionEvent, { type: 'round-ended' }>, names: Names, card: CardNamer, style: Style): string[] {
  const { result } = event;
  const lines = [
    style.bold(
      `Round ${result.round} is over${result.reason === 'deck-empty' ? ': the deck is empty, the players still in reveal their cards.' : ': one player is left.'}`,
    ),
  ];
  for (const shown of result.revealed) {
    lines.push(
      `  ${person(names, shown.player, true)} ${shown.player === names.viewer ? 'hold' : 'holds'} ${show(card(shown.card))} (discards total ${result.discardTotals[shown.player] ?? 0}).`,
    );
  }
  const winners = result.winners.map((w) => person(names, w)).join(' and ');
  lines.push(style.green(`  Victory token${result.winners.length > 1 ? 's' : ''} to ${winners}.`));
  lines.push(
    `  Tokens: ${Object.entries(event.tokens)
      .map(([id, n]) => `${names.name(id)} ${n}`)
      .join(', ')}.`,
  );
  return lines;
}

/** Every event's lines, in order. */
export function narration(events: readonly SecretInvasionEvent[], names: Names, card: CardNamer, style: Style): string[] {
  return events.flatMap((e) => eventLines(e, names, card, style));
}

const KNOWN_HOW: Readonly<Record<string, string>> = {
  han: 'you looked with Han Solo',
  droids: 'the droids compared hands',
  swap: 'Darth Vader swapped your hands',
};

export interface SeatScreen {
  readonly view: SecretInvasionView;
  /** What happened since the viewer's last turn, as the viewer may know it. */
  readonly recent: readonly SecretInvasionEvent[];
  readonly card: CardNamer;
  readonly clock: TurnClock;
  readonly title: string;
}

function clockText(clock: TurnClock): string | null {
  if (clock.state === 'off' || clock.leftMs === null) return null;
  if (clock.state === 'out') return 'Turn clock: time is up (a reminder only: take your time to finish the turn).';
  const s = Math.ceil(clock.leftMs / 1000);
  return `Turn clock: ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} of ${clock.turnSeconds ?? 0} s`;
}

/** A player's own screen: the table as they may see it, their hand, what they know, the recent log. */
export function seatScreen(screen: SeatScreen, style: Style): string[] {
  const { view } = screen;
  const names = namesFor(view);
  const me = view.players.find((p) => p.id === view.viewer);
  const lines: string[] = [
    style.bold(`${screen.title} — round ${view.round}, turn ${view.turn}`),
    style.dim(`${view.tokensToWin} victory tokens win the game.`),
    '',
  ];
  for (const p of view.players) {
    const status = !p.inRound
      ? style.red('out of the round')
      : p.protected
        ? style.cyan('protected by Chewbacca')
        : `${p.handCount} card${p.handCount === 1 ? '' : 's'} in hand`;
    const tokens = `${'★'.repeat(p.tokens)}${'·'.repeat(Math.max(0, view.tokensToWin - p.tokens))} ${p.tokens}`;
    const who = p.id === view.viewer ? `${p.name} (you)` : p.name;
    lines.push(`${p.id === view.turnPlayer ? '▶' : ' '} ${who.padEnd(14)} ${tokens}  ${status}`);
    lines.push(`    discards: ${p.discards.length === 0 ? style.dim('none yet') : p.discards.map(show).join(' → ')}`);
  }
  lines.push('', `Deck: ${view.deckCount} card${view.deckCount === 1 ? '' : 's'}${view.setAsideCount > 0 ? ', 1 set aside face down' : ''}.`);
  if (view.faceUp.length > 0) lines.push(`Set aside face up: ${view.faceUp.map(show).join(', ')}.`);
  if (screen.recent.length > 0) {
    lines.push('', style.bold(me ? 'Since your last turn:' : 'Last moves:'));
    lines.push(...narration(screen.recent, names, screen.card, style).map((l) => `  ${l}`));
  }
  if (view.known.length > 0) {
    lines.push('', style.bold('You know:'));
    for (const k of view.known) lines.push(style.cyan(`  ${names.name(k.player)} holds ${show(k.card)} (${KNOWN_HOW[k.source] ?? k.source}).`));
  }
  if (view.missedGuess !== null)
    lines.push('', style.yellow(`Boba Fett missed: you named ${view.missedGuess.guess} for ${names.name(view.missedGuess.target)}.`));
  lines.push('', ...handLines(view, style));
  const clock = clockText(screen.clock);
  if (clock !== null) lines.push(style.yellow(clock));
  return lines;
}

/** The viewer's hand, each card with what it does. */
export function handLines(view: Pick<SecretInvasionView, 'hand'>, style: Style): string[] {
  if (view.hand.length === 0) return [style.bold('Your hand: no cards')];
  return [style.bold(`Your hand: ${view.hand.map((c) => `[${show(c)}]`).join(' ')}`), ...view.hand.map((c) => style.dim(`  ${c.name}: ${c.summary}`))];
}

/**
 * What the timer at the table did, for everyone to see as well as hear: each sound it played
 * (a command it took) and the turn clock's warnings. A new turn clock (`TIMER <s>`) is shown on
 * the seat's screen instead.
 */
export function timerLines(news: { readonly command: string } | { readonly event: DeviceEvent }, style: Style): string[] {
  if ('command' in news) {
    const sound = /^PLAY (\w+)$/.exec(news.command)?.[1];
    if (sound === undefined) return [];
    const meaning = (TABLE_SOUNDS as Readonly<Record<string, string>>)[sound];
    return [style.magenta(`♪ The timer: ${sound.toUpperCase()}${meaning === undefined ? '' : `: ${meaning}`}.`)];
  }
  const event = news.event;
  switch (event.name) {
    case 'WARN':
      return [style.yellow(`♪ The timer warns: ${Math.ceil(event.leftMs / 1000)} s left on the turn clock.`)];
    case 'LOWBAT':
      return [style.yellow(`The timer's batteries are low (${(event.mv / 1000).toFixed(2)} V): change them after this game.`)];
    case 'POWER':
      return [style.dim(`The timer was switched ${event.on ? 'on' : 'off'}.`)];
    default:
      return [];
  }
}

/** Every character of the deck: value, copies and what it does (the contents of the box, public). */
export function cardGuideLines(deck: Deck, style: Style): string[] {
  return [
    style.bold(`The ${deck.cards.length} cards (value, character, copies: what it does when discarded)`),
    ...deck.characters.map((c) => `  ${c.value} ${c.name}${c.count > 1 ? ` ×${c.count}` : ''}: ${c.summary}`),
  ];
}

/** A menu step's question and numbered options. */
export function menuLines(step: Extract<MenuStep, { kind: 'choose' }>, style: Style): string[] {
  const back = step.picked.length > 0 ? style.dim('  0. back') : null;
  return ['', style.bold(step.question), ...step.options.map((o) => `  ${o.n}. ${o.label}`), ...(back ? [back] : [])];
}

/** The final standings, for everyone at the table. */
export function finalLines(view: SecretInvasionView, style: Style, seed?: number): string[] {
  const names = namesFor(view);
  const ranked = [...view.players].sort((a, b) => b.tokens - a.tokens);
  return [
    '',
    style.bold(view.winner === null ? 'The game is not over.' : `${names.name(view.winner)} wins Star Wars: Secret Invasion!`),
    ...ranked.map((p) => `  ${p.name.padEnd(14)} ${p.tokens} victory token${p.tokens === 1 ? '' : 's'}`),
    // The seed deals every hand: it is told only once the game is over.
    ...(view.winner !== null && seed !== undefined ? [`Seed ${seed}: --seed ${seed} deals the same game again.`] : []),
  ];
}
