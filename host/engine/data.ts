// How a problem in a game's data file is reported: a DataError naming the file, the entry (a
// path such as `mix[5].kind`, or in words such as `placard 4 (M04), needs` where people edit the
// file by hand) and what is wrong, so a person editing the file knows where to look; DataPath
// names an entry. Data files are checked against valibot schemas (schema.ts); the readers
// below are what Secret Invasion's deck.ts still reads its data with.

export class DataError extends Error {
  constructor(
    readonly file: string,
    readonly entry: string,
    readonly problem: string,
  ) {
    super(`${file}: ${entry === '' ? 'the file' : entry}: ${problem}`);
    this.name = 'DataError';
  }
}

/** Where a value sits in a data file, for error messages. */
export class DataPath {
  constructor(
    readonly file: string,
    readonly entry: string = '',
    /** What joins a field to this entry: "." in a path, ", " after an entry named in words. */
    private readonly joiner: string = '.',
  ) {}

  key(name: string): DataPath {
    return new DataPath(this.file, this.entry === '' ? name : `${this.entry}${this.joiner}${name}`);
  }

  index(i: number, label?: string): DataPath {
    return new DataPath(this.file, `${this.entry}[${i}]${label === undefined ? '' : ` (${label})`}`);
  }

  /** Entry `i` (0-based) of a list, named in words for people who edit the file: "placard 1 (M01)", its fields after a comma. */
  item(i: number, noun: string, label?: string): DataPath {
    return new DataPath(this.file, `${noun} ${i + 1}${label === undefined ? '' : ` (${label})`}`, ', ');
  }

  fail(problem: string): never {
    throw new DataError(this.file, this.entry, problem);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

function readObject(value: unknown, at: DataPath): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    at.fail(`expected an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** An object whose keys must all be among `allowed` (catches typos such as "neds"). */
export function readStrictObject(value: unknown, at: DataPath, allowed: readonly string[]): Record<string, unknown> {
  const obj = readObject(value, at);
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      at.fail(`unknown field "${key}" (allowed: ${allowed.join(', ')})`);
    }
  }
  return obj;
}

export function readArray(value: unknown, at: DataPath, minLength = 0): unknown[] {
  if (!Array.isArray(value)) at.fail(`expected a list, got ${describe(value)}`);
  if (value.length < minLength) at.fail(`expected at least ${minLength} entries, got ${value.length}`);
  return value;
}

export function readString(value: unknown, at: DataPath, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length === 0) {
    at.fail(`expected non-empty text, got ${describe(value)}`);
  }
  if (pattern && !pattern.test(value)) at.fail(`${JSON.stringify(value)} does not match ${String(pattern)}`);
  return value;
}

export function readInteger(value: unknown, at: DataPath, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    at.fail(`expected a whole number from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

export function readOneOf<T extends string>(value: unknown, at: DataPath, options: readonly T[]): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    at.fail(`expected one of ${options.join(', ')}, got ${describe(value)}`);
  }
  return value as T;
}

/** A field that must be present. */
export function field(obj: Record<string, unknown>, name: string, at: DataPath): unknown {
  if (!(name in obj)) at.fail(`missing field "${name}"`);
  return obj[name];
}

/** Fails when two entries share an id. */
export function requireUnique(ids: readonly string[], at: DataPath, what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) at.fail(`${what} "${id}" appears more than once`);
    seen.add(id);
  }
}
