// The Imperial Timer as a table device during Stolen Plans: which sound it plays for which events
// (data/sounds.json, checked when loaded). A rule looks at an event's type alone (with the kind of
// play for `played`, and whether anybody won for `game-over`), never at a card, so every sound is
// a public fact: none tells who holds R2-D2 (HI5). A pure mapping; the game plays the same without
// a timer. The countdown of a quick window is the host's (the decision's time limit).

import { join } from 'node:path';
import { DataError } from '../../engine/data.ts';
import { parseData, readDataFile, v } from '../../engine/schema.ts';
import { PLAY_SOUNDS, type PlaySound } from '../../link/messages.ts';
import type { TimerCommand } from '../../table/entry.ts';
import { DATA_DIR } from './load.ts';
import type { SpEvent } from './state.ts';

export const SOUNDS_FILE = 'host/games/stolen-plans/data/sounds.json';

/** Every event type of the game (a new one is a type error here until it is listed). */
const EVENT_TYPES: Readonly<Record<SpEvent['type'], true>> = {
  dealt: true,
  'turn-started': true,
  drew: true,
  played: true,
  passed: true,
  reacted: true,
  'hands-passed': true,
  'turn-missed': true,
  cancelled: true,
  defended: true,
  'attack-resolved': true,
  discarded: true,
  'put-back': true,
  'cannot-discard': true,
  stolen: true,
  'hand-shown': true,
  took: true,
  'pile-seen': true,
  'pile-ordered': true,
  given: true,
  'steal-seen': true,
  'resource-flipped': true,
  'put-on-pile': true,
  'play-continues': true,
  'set-aside': true,
  loaded: true,
  unloaded: true,
  remainder: true,
  'cargo-destroyed': true,
  eliminated: true,
  'squads-moved': true,
  nominated: true,
  'drawn-seen': true,
  'game-over': true,
};

const Rule = v.strictObject({
  event: v.picklist(Object.keys(EVENT_TYPES) as [SpEvent['type'], ...SpEvent['type'][]]),
  /** For `played`: the kinds of play (`as`) the rule is for; all when left out. */
  as: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1))),
  /** For `game-over`: whether somebody won (`some`) or nobody (`none`); both when left out. */
  winners: v.optional(v.picklist(['some', 'none'])),
  sound: v.picklist(PLAY_SOUNDS),
  says: v.pipe(v.string(), v.minLength(1)),
});

export const SoundsFile = v.strictObject({
  format: v.literal('stolen-plans-sounds/1'),
  description: v.string(),
  sounds: v.array(Rule),
});

export type SoundRule = v.InferOutput<typeof Rule>;

/** The rules of a sounds file, shape and cross-field checks (`as` only on played, `winners` only on game-over). */
export function parseSounds(value: unknown, file = SOUNDS_FILE): readonly SoundRule[] {
  const parsed = parseData(SoundsFile, value, file);
  parsed.sounds.forEach((rule, i) => {
    if (rule.as !== undefined && rule.event !== 'played')
      throw new DataError(file, `sounds[${i}].as`, `only a "played" rule names kinds of play, not a "${rule.event}" one`);
    if (rule.winners !== undefined && rule.event !== 'game-over') {
      throw new DataError(file, `sounds[${i}].winners`, `only a "game-over" rule says whether somebody won, not a "${rule.event}" one`);
    }
  });
  return parsed.sounds;
}

export function loadSounds(path = join(DATA_DIR, 'sounds.json'), shownAs = SOUNDS_FILE): readonly SoundRule[] {
  return parseSounds(readDataFile(SoundsFile, path, shownAs), shownAs);
}

export const SOUNDS: readonly SoundRule[] = loadSounds();

function matches(rule: SoundRule, e: SpEvent): boolean {
  if (rule.event !== e.type) return false;
  if (e.type === 'played' && rule.as !== undefined) return rule.as.includes(e.as);
  if (e.type === 'game-over' && rule.winners !== undefined) return rule.winners === (e.winners.length > 0 ? 'some' : 'none');
  return true;
}

/** The sounds for a move's events, in order, each once; a move that ends the game plays only the end's sound. */
export function soundsFor(events: readonly SpEvent[], rules: readonly SoundRule[] = SOUNDS): TimerCommand[] {
  const end = events.find((e) => e.type === 'game-over');
  const sounds: PlaySound[] = [];
  for (const e of end === undefined ? events : [end]) {
    const rule = rules.find((r) => matches(r, e));
    if (rule !== undefined && !sounds.includes(rule.sound)) sounds.push(rule.sound);
  }
  return sounds.map((play) => ({ play }));
}
