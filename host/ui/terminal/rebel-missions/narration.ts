// One line for people per thing that happens: the game's events, the timer's events, the
// link's notices and the companion's notes. Pure functions; null when there is nothing to say.

import type { RebelMissionsEvent, RebelMissionsView, PlayerMove } from '../../../games/rebel-missions/index.ts';
import type { Choice } from '../../../companion/rebel-missions/choices.ts';
import type { SessionUpdate } from '../../../companion/rebel-missions/session.ts';
import type { DeviceEvent } from '../../../link/messages.ts';
import type { LinkNotice } from '../../../link/timer-link.ts';
import { PLAIN, type Style } from '../style.ts';
import { codeGlyphs, diceLine, formatClock } from './board.ts';
import { dieLabel, dieTaken, resourceName, symbolGlyph } from './glyphs.ts';

/** A token's kind, looked up wherever the view shows the token. */
function kindOf(view: RebelMissionsView, token: string): string {
  const all = [...view.players.flatMap((p) => p.hand), ...view.placard.tokens, ...view.tokenDiscard];
  return all.find((t) => t.id === token)?.kind ?? token;
}

function nameOf(view: RebelMissionsView, id: string): string {
  return view.players.find((p) => p.id === id)?.name ?? id;
}

export function gameEventLine(event: RebelMissionsEvent, view: RebelMissionsView, style: Style = PLAIN): string | null {
  const who = (id: string): string => style.bold(nameOf(view, id));
  switch (event.type) {
    case 'game-started':
      return style.green(`The timer is running: ${formatClock(event.leftMs)} to complete the missions.`);
    case 'turn-started':
      return style.cyan(`— Turn ${event.turnNumber}: ${nameOf(view, event.player)} takes the dice —`);
    case 'dice-rolled':
      return `${who(event.player)} rolls ${diceLine(event.faces)}`;
    case 'die-chosen':
      return `${who(event.player)} takes ${dieLabel(event.face)}`;
    case 'tokens-drawn': {
      const drawn = event.tokens.length === 0 ? 'nothing' : event.tokens.map((t) => resourceName(kindOf(view, t))).join(', ');
      const short = event.tokens.length < event.wanted ? style.dim(` (only ${event.tokens.length} left to draw)`) : '';
      return `${who(event.player)} draws ${drawn}${short}`;
    }
    case 'token-pile-reshuffled':
      return style.dim(`The ${event.count} discarded tokens are shuffled into a new pile.`);
    case 'token-played':
      return `${who(event.player)} plays ${resourceName(event.kind)} on the mission`;
    case 'ability-used': {
      const player = view.players.find((p) => p.id === event.player);
      return `${who(event.player)} uses ${player?.ability.name ?? 'their ability'} (one ${resourceName(event.resource)})`;
    }
    case 'all-play-opened':
      return style.cyan('All Play: everyone may play tokens and abilities now.');
    case 'player-finished':
      return style.dim(`${nameOf(view, event.player)} is done playing.`);
    case 'mission-completed':
      return style.green(`Mission complete${event.byChopper ? ' (Chopper!)' : ''}.`);
    case 'code-requested':
      return style.bold(style.magenta(`Enter the code on the timer: ${codeGlyphs(event.request.symbols)}`));
    case 'code-accepted':
      return style.green(`A correct code: ${event.found} found.`);
    case 'code-rejected':
      return event.reason === 'decoy' ? style.red('A decoy. Pass the dice.') : style.red('That code was already accepted this game. Pass the dice.');
    case 'code-retry':
      return event.reason === 'mistake'
        ? style.yellow('A slip on the buttons: enter the code again.')
        : style.yellow('The entry was left unfinished: enter the code again.');
    case 'placard-discarded':
      return null;
    case 'placard-pile-reshuffled':
      return style.dim(`The ${event.count} discarded missions are shuffled into a new pile.`);
    case 'placard-flipped':
      return event.inquisitor ? style.red(style.bold('The INQUISITOR appears!')) : `New mission face up.`;
    case 'inquisitor-discard': {
      const lost = event.discarded.filter((d) => d.tokens.length > 0).map((d) => `${nameOf(view, d.player)} ${d.tokens.length}`);
      return style.red(`Everyone discards their tokens${lost.length > 0 ? ` (${lost.join(', ')})` : ''}.`);
    }
    case 'abilities-lapsed': {
      const used = event.abilities.map((a) => `${nameOf(view, a.player)}'s ${resourceName(a.resource)}`).join(', ');
      return style.yellow(`The turn is over and the mission is not complete: the abilities used (${used}) no longer count toward it. The tokens played stay.`);
    }
    case 'turn-ended':
      return event.reason === 'double-empire' ? style.red(`Two Empire symbols: ${nameOf(view, event.player)}'s turn is over.`) : null;
    case 'time-left':
      return null;
    case 'game-won':
      return style.green(style.bold(`FANFARE! The Rebels win with ${event.found} correct codes.`));
    case 'game-lost':
      return style.red(style.bold('Time ran out: the Empire wins this time.'));
  }
}

export function timerEventLine(event: DeviceEvent, style: Style = PLAIN): string | null {
  switch (event.name) {
    case 'KEY':
      return style.dim(`timer: ${symbolGlyph(event.button)} pressed`);
    case 'CHIME':
      return style.green(style.bold('♪ CHIME'));
    case 'BUZZ':
      return style.red(style.bold('♪ BUZZ'));
    case 'WARN':
      return style.yellow(style.bold(event.leftMs > 30_000 ? 'One minute left!' : 'Ten seconds left!'));
    case 'PAUSE':
      return style.yellow('The timer is paused (press the triangle button to resume).');
    case 'RESUME':
      return style.green('The timer runs again.');
    case 'LOWBAT':
      return style.yellow(`The timer's batteries are low (${(event.mv / 1000).toFixed(2)} V): change them after this game.`);
    case 'POWER':
      return style.dim(`The timer was switched ${event.on ? 'on' : 'off'}.`);
    default:
      return null;
  }
}

export function noticeLine(notice: LinkNotice, style: Style = PLAIN): string | null {
  switch (notice.kind) {
    case 'connected':
      return style.dim(`Connected to ${notice.description} (firmware ${notice.hello.firmware}).`);
    case 'lost':
      return style.red(`The link to the timer was lost (${notice.reason}). The game is kept; the companion keeps trying to reach the timer.`);
    case 'retrying':
      return notice.attempt === 1 ? null : style.dim(`Still trying to reach the timer (attempt ${notice.attempt}): ${notice.reason}`);
    case 'resumed':
      return style.green(`The timer answers again (${notice.description}): the game carries on.`);
    case 'problem':
      return style.dim(`timer link: ${notice.text}`);
    case 'timer-warning':
      return style.yellow(notice.text);
  }
}

/** The lines for one session update (several for a move with several events). */
export function updateLines(update: SessionUpdate, view: RebelMissionsView, style: Style = PLAIN): string[] {
  switch (update.kind) {
    case 'moved':
      return update.events.map((e) => gameEventLine(e, view, style)).filter((l): l is string => l !== null);
    case 'rejected':
      return [style.red(`Not allowed: ${update.reason}`)];
    case 'timer': {
      const line = timerEventLine(update.event, style);
      return line === null ? [] : [line];
    }
    case 'note':
      return [style.yellow(`Note: ${update.text}`)];
    case 'link': {
      const line = noticeLine(update.notice, style);
      return line === null ? [] : [line];
    }
    case 'save-failed':
      return [style.red(update.message)];
    case 'finished':
      return [style.bold(`Game over: ${update.outcome.summary}.`)];
  }
}

export function moveLabel(move: PlayerMove, view: RebelMissionsView): string {
  const who = nameOf(view, move.actor);
  switch (move.type) {
    case 'roll':
      return `${who}: roll the dice`;
    case 'choose': {
      const face = view.dice?.[move.die];
      if (face === undefined) return `${who}: take die ${move.die + 1}`;
      return `${who}: take ${dieLabel(face)}: ${dieTaken(face)}`;
    }
    case 'end-turn':
      return `${who}: end the turn`;
    case 'play-token': {
      const kind = kindOf(view, move.token);
      const held = view.players.find((p) => p.id === move.actor)?.hand.filter((t) => t.kind === kind).length ?? 0;
      return `${who}: play ${resourceName(kind)}${held > 1 ? ` (${held} held)` : ''}`;
    }
    case 'use-ability': {
      const p = view.players.find((x) => x.id === move.actor);
      return `${who}: use ${p?.ability.name ?? 'the special ability'} (one ${resourceName(p?.ability.countsAs ?? '')})`;
    }
    case 'finish':
      return `${who}: done playing`;
  }
}

export function choiceLabel(choice: Choice, view: RebelMissionsView): string {
  if (choice.kind === 'move') return moveLabel(choice.move, view);
  switch (choice.action) {
    case 'start-timer':
      return `Start the timer (press ${symbolGlyph('triangle')} for us)`;
    case 'pause-timer':
      return 'Pause the timer (nothing is played while it is paused)';
    case 'resume-timer':
      return `Resume the timer (press ${symbolGlyph('triangle')} for us)`;
    case 'enter-code':
      return `Enter the code ${view.request ? codeGlyphs(view.request.symbols) : ''} on the timer for us`;
    case 'quit':
      return 'Quit (the game is saved: continue later with --resume)';
  }
}

export function menuLines(choices: readonly Choice[], view: RebelMissionsView, style: Style = PLAIN): string[] {
  return choices.map((c) => `  ${style.bold(String(c.n).padStart(2))}. ${choiceLabel(c, view)}`);
}
