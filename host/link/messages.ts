// Parsing the lines a timer sends (protocol v1, see firmware/PROTOCOL.md) into typed messages.
// Pure functions: no I/O, no state. Anything unexpected becomes a `garbage` message, never an exception.

export const SYMBOLS = ['circle', 'square', 'diamond', 'star'] as const;
export type SymbolName = (typeof SYMBOLS)[number];
export type ButtonName = 'triangle' | SymbolName;
export type DeviceState = 'ready' | 'running' | 'paused' | 'won' | 'lost' | 'sleep' | 'table';
/** The sounds `PLAY <sound>` takes (protocol v1, table mode). */
export const PLAY_SOUNDS = ['chime', 'buzz', 'fanfare', 'warn', 'lose', 'click'] as const;
export type PlaySound = (typeof PLAY_SOUNDS)[number];
export type BuzzReason = 'decoy' | 'used' | 'mistake' | 'idle';
/** The parts of the timer's non-volatile store (`EVT STORE part=`). */
export type StorePart = 'settings' | 'pack';
/** Why a stored part could not be used (`EVT STORE reason=`). */
export type StoreProblem = 'corrupt' | 'version';

export type DeviceEvent =
  | { name: 'POWER'; on: boolean }
  | { name: 'KEY'; button: ButtonName }
  | { name: 'START'; leftMs: number }
  | { name: 'CHIME'; found: number }
  | { name: 'BUZZ'; reason: BuzzReason }
  | { name: 'FANFARE' }
  | { name: 'TIME'; leftMs: number }
  | { name: 'WARN'; leftMs: number }
  | { name: 'TIMEOUT' }
  | { name: 'PAUSE' }
  | { name: 'RESUME' }
  | { name: 'SLEEP' }
  | { name: 'WAKE' }
  | { name: 'LOWBAT'; mv: number }
  | { name: 'TRAP'; reason: string }
  /** A stored part could not be used at power-on: its defaults are in use (settings, the built-in pack). */
  | { name: 'STORE'; part: StorePart; reason: StoreProblem }
  /** The timer's runtime lost `lost` received bytes; the line they fell in was not run. */
  | { name: 'OVERRUN'; lost: number }
  | { name: 'UNKNOWN'; word: string; words: string[] };

export type DeviceMessage =
  | { kind: 'ok'; command: string; words: string[]; fields: Record<string, string>; line: string }
  | { kind: 'err'; reason: string; words: string[]; fields: Record<string, string>; line: string }
  | { kind: 'evt'; event: DeviceEvent; line: string }
  | { kind: 'garbage'; problem: string; line: string };

const STATES: readonly string[] = ['ready', 'running', 'paused', 'won', 'lost', 'sleep', 'table'];
const BUZZ_REASONS: readonly string[] = ['decoy', 'used', 'mistake', 'idle'];
const BUTTONS: readonly string[] = ['triangle', ...SYMBOLS];
const STORE_PARTS: readonly string[] = ['settings', 'pack'] satisfies StorePart[];
const STORE_PROBLEMS: readonly string[] = ['corrupt', 'version'] satisfies StoreProblem[];

export function isDeviceState(value: string): value is DeviceState {
  return STATES.includes(value);
}

/** `key=value` words into a record; words without `=` are left to the caller. */
export function fieldsOf(words: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq > 0) fields[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return fields;
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  return Number(text);
}

function parseEvent(words: string[], line: string): DeviceMessage {
  const [name = '', ...rest] = words;
  const fields = fieldsOf(rest);
  const bad = (problem: string): DeviceMessage => ({ kind: 'garbage', problem: `EVT ${name}: ${problem}`, line });
  const numberField = (key: string): number | undefined => wholeNumber(fields[key]);
  const evt = (event: DeviceEvent): DeviceMessage => ({ kind: 'evt', event, line });

  switch (name) {
    case 'POWER':
      return rest[0] === 'on' || rest[0] === 'off' ? evt({ name: 'POWER', on: rest[0] === 'on' }) : bad('expected on or off');
    case 'KEY': {
      const button = rest[0];
      return button !== undefined && BUTTONS.includes(button) ? evt({ name: 'KEY', button: button as ButtonName }) : bad('expected a button name');
    }
    case 'START':
    case 'TIME':
    case 'WARN': {
      const leftMs = numberField('left');
      return leftMs === undefined ? bad('expected left=<ms>') : evt({ name, leftMs });
    }
    case 'CHIME': {
      const found = numberField('found');
      return found === undefined ? bad('expected found=<n>') : evt({ name: 'CHIME', found });
    }
    case 'BUZZ': {
      const reason = fields['reason'];
      return reason !== undefined && BUZZ_REASONS.includes(reason)
        ? evt({ name: 'BUZZ', reason: reason as BuzzReason })
        : bad('expected reason=decoy|used|mistake|idle');
    }
    case 'LOWBAT': {
      const mv = numberField('mv');
      return mv === undefined ? bad('expected mv=<n>') : evt({ name: 'LOWBAT', mv });
    }
    case 'TRAP': {
      const reason = fields['reason'];
      return reason === undefined || reason === '' ? bad('expected reason=<reason>') : evt({ name: 'TRAP', reason });
    }
    case 'STORE': {
      const part = fields['part'];
      const reason = fields['reason'];
      if (part === undefined || !STORE_PARTS.includes(part)) return bad('expected part=settings|pack');
      if (reason === undefined || !STORE_PROBLEMS.includes(reason)) return bad('expected reason=corrupt|version');
      return evt({ name: 'STORE', part: part as StorePart, reason: reason as StoreProblem });
    }
    case 'OVERRUN': {
      const lost = numberField('lost');
      return lost === undefined || lost === 0 ? bad('expected lost=<n>, at least 1') : evt({ name: 'OVERRUN', lost });
    }
    case 'FANFARE':
    case 'TIMEOUT':
    case 'PAUSE':
    case 'RESUME':
    case 'SLEEP':
    case 'WAKE':
      return evt({ name });
    default:
      return evt({ name: 'UNKNOWN', word: name, words: rest });
  }
}

/** One line from the device (without its line end) into a typed message. */
export function parseDeviceLine(line: string): DeviceMessage {
  const words = line
    .trim()
    .split(/ +/)
    .filter((w) => w.length > 0);
  const [head, first, ...rest] = words;
  if (head === 'EVT') {
    if (first === undefined) return { kind: 'garbage', problem: 'EVT without an event name', line };
    return parseEvent([first, ...rest], line);
  }
  if (head === 'OK') {
    if (first === undefined) return { kind: 'garbage', problem: 'OK without a command name', line };
    return { kind: 'ok', command: first, words: rest, fields: fieldsOf(rest), line };
  }
  if (head === 'ERR') {
    if (first === undefined) return { kind: 'garbage', problem: 'ERR without a reason', line };
    return { kind: 'err', reason: first, words: rest, fields: fieldsOf(rest), line };
  }
  return { kind: 'garbage', problem: 'a device line starts with OK, ERR or EVT', line };
}
