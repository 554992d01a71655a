// The timer link's notices as sentences for people (null when there is nothing to say): a pulled
// cable, the tries to reach the timer again, its return, and the timer's warnings about itself;
// and the timer's own news that every game tells alike (the last minute, low batteries, paused).
// The web pages show the notices (`web/timer-link-notice.ts`), the table terminal the news;
// pass a `Style` to colour them in a terminal.

import { PLAIN, type Style } from '../ui/terminal/style.ts';
import type { DeviceEvent } from './messages.ts';
import type { LinkNotice } from './timer-link.ts';

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

/** The timer's news in words, the same for every game; null for an event a game tells itself (a code's CHIME, ...) or not at all. */
export function timerNewsLine(event: DeviceEvent, style: Style = PLAIN): string | null {
  switch (event.name) {
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

/** "10:48": minutes and seconds, rounding up as a countdown does. */
export function minutesAndSeconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Any device event in words for the table: `timerNewsLine`'s news, else the event said plainly
 * ("10:48 left.", "The timer went to sleep: press a button to wake it."). Null for what is not
 * worth a line: a button press (the game tells what it meant), and, when `gameTellsIt` (the timer is
 * the game's own actor, Rebel Missions), the countdown's events the game tells in its own words.
 */
export function timerEventLine(event: DeviceEvent, gameTellsIt: boolean, style: Style = PLAIN): string | null {
  const news = timerNewsLine(event, style);
  if (news !== null) return news;
  switch (event.name) {
    case 'KEY':
      return null;
    case 'TIME':
      return style.yellow(`${minutesAndSeconds(event.leftMs)} left.`);
    case 'START':
      return gameTellsIt ? null : style.yellow(`The timer started: ${minutesAndSeconds(event.leftMs)}.`);
    case 'CHIME':
      return gameTellsIt ? null : style.yellow('The timer chimes.');
    case 'BUZZ':
      return gameTellsIt ? null : style.yellow('The timer buzzes.');
    case 'FANFARE':
      return gameTellsIt ? null : style.yellow('The timer plays its fanfare.');
    case 'TIMEOUT':
      return gameTellsIt ? null : style.yellow("The timer's countdown has run out.");
    case 'SLEEP':
      return style.dim('The timer went to sleep: press a button on it to wake it.');
    case 'WAKE':
      return style.dim('The timer is awake again.');
    case 'TRAP':
      return style.red(`The timer restarted after a fault (${event.reason}).`);
    case 'STORE':
      return style.red(`The timer's stored ${event.part} could not be read (${event.reason === 'corrupt' ? 'damaged' : 'of another version'}).`);
    case 'OVERRUN':
      return style.dim(`The timer had to drop ${event.lost} ${event.lost === 1 ? 'message' : 'messages'}.`);
    case 'UNKNOWN':
      return style.dim(`The timer sent "${event.word}", which this companion does not know.`);
    default:
      return null;
  }
}
