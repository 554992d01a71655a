// Secret Invasion's words for the table front end's renderer (`table-entry.ts`): pure functions
// from what one viewer may know (their view, and the events as `eventFor` gave them to that
// viewer) to lines of text. Nothing here reads the game's state: a line can only show what its
// viewer's view and events hold.
//
//   eventLines  one event told from the viewer's side ("you", names, the cards they may know)
//   narration   a run of events
//   handLines   the viewer's hand, each card with what it does

import type { CardView, PlayerId, SecretInvasionEvent, SecretInvasionView } from './model.ts';
import type { Style } from '../../ui/terminal/style.ts';

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

/** The viewer's hand, each card with what it does. */
export function handLines(view: Pick<SecretInvasionView, 'hand'>, style: Style): string[] {
  if (view.hand.length === 0) return [style.bold('Your hand: no cards')];
  return [style.bold(`Your hand: ${view.hand.map((c) => `[${show(c)}]`).join(' ')}`), ...view.hand.map((c) => style.dim(`  ${c.name}: ${c.summary}`))];
}
