// The sound the timer just made, in words, from its event as the server forwards it: the same
// captions as the simulator's page (sim/web/sound-captions.ts), so "BUZZ — decoy code", "CHIME —
// code found (2 found)", "Warning: 1 minute left" and "Time is up: the Empire wins" read alike
// everywhere. The event is written back as its protocol line (firmware/PROTOCOL.md) for the
// simulator's reader.

import { reasonOf, SOUND_LOOKS } from '../../../sim/web/sound-captions.ts';

type Json = Readonly<Record<string, unknown>>;

/** The protocol line of a parsed timer event (`{name:'BUZZ', reason:'decoy'}` → `EVT BUZZ reason=decoy`). */
export function eventLine(event: Json): string {
  const name = String(event['name'] ?? '');
  const field = (key: string, value: unknown): string => (value === undefined ? '' : ` ${key}=${String(value)}`);
  switch (name) {
    case 'START':
    case 'TIME':
    case 'WARN':
      return `EVT ${name}${field('left', event['leftMs'])}`;
    case 'CHIME':
      return `EVT CHIME${field('found', event['found'])}`;
    case 'BUZZ':
      return `EVT BUZZ${field('reason', event['reason'])}`;
    case 'LOWBAT':
      return `EVT LOWBAT${field('mv', event['mv'])}`;
    case 'POWER':
      return `EVT POWER ${event['on'] === false ? 'off' : 'on'}`;
    case 'KEY':
      return `EVT KEY ${String(event['button'] ?? '')}`;
    default:
      return `EVT ${name}`;
  }
}

/** The sound an event comes with, its symbol and its caption; null for an event without a sound (TIME). */
export function soundOfEvent(event: Json): { readonly sound: string; readonly symbol: string; readonly text: string } | null {
  const reason = reasonOf(eventLine(event));
  if (reason === undefined) return null;
  return { sound: reason.sound, symbol: SOUND_LOOKS[reason.sound].symbol, text: reason.text };
}
