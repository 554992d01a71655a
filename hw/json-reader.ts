// Reads untyped JSON into typed values, failing with an error that names the file, the place in
// the file and what was wrong with it.

/** A hardware data file is malformed or inconsistent. The message says where and what to fix. */
export class HardwareDataError extends Error {
  readonly file: string;
  readonly where: string;
  readonly problem: string;

  constructor(file: string, where: string, problem: string) {
    super(`${file}: ${where}: ${problem}`);
    this.name = 'HardwareDataError';
    this.file = file;
    this.where = where;
    this.problem = problem;
  }
}

export type JsonObject = Readonly<Record<string, unknown>>;

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** A cursor on one value of one file: every read failure names `file` and `where`. */
export class JsonReader {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly value: unknown,
  ) {}

  fail(problem: string): never {
    throw new HardwareDataError(this.file, this.where, problem);
  }

  private child(key: string | number, value: unknown): JsonReader {
    const where = typeof key === 'number' ? `${this.where}[${key}]` : this.where === '' ? key : `${this.where}.${key}`;
    return new JsonReader(this.file, where, value);
  }

  object(allowedKeys?: readonly string[]): JsonObject {
    const { value } = this;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(`expected an object, got ${describe(value)}`);
    }
    const record = value as JsonObject;
    if (allowedKeys !== undefined) {
      for (const key of Object.keys(record)) {
        if (!allowedKeys.includes(key)) {
          this.fail(`unknown key "${key}" (allowed: ${allowedKeys.join(', ')})`);
        }
      }
    }
    return record;
  }

  /** A required member of this object. */
  at(key: string): JsonReader {
    const record = this.object();
    if (!(key in record)) this.child(key, undefined).fail('is missing');
    return this.child(key, record[key]);
  }

  /** An optional member of this object, or undefined when absent. */
  optional(key: string): JsonReader | undefined {
    const record = this.object();
    return key in record ? this.child(key, record[key]) : undefined;
  }

  items(): JsonReader[] {
    if (!Array.isArray(this.value)) this.fail(`expected an array, got ${describe(this.value)}`);
    return (this.value as unknown[]).map((item, index) => this.child(index, item));
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail(`expected a string, got ${describe(this.value)}`);
    return this.value as string;
  }

  nonEmptyString(): string {
    const text = this.string();
    if (text.trim() === '') this.fail('must not be empty');
    return text;
  }

  oneOf<T extends string>(choices: readonly T[]): T {
    const text = this.string();
    const found = choices.find((choice) => choice === text);
    if (found === undefined) this.fail(`expected one of ${choices.map((c) => JSON.stringify(c)).join(', ')}, got ${describe(text)}`);
    return found;
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) {
      this.fail(`expected a number, got ${describe(this.value)}`);
    }
    return this.value as number;
  }

  integer(min: number, max: number): number {
    const n = this.number();
    if (!Number.isInteger(n) || n < min || n > max) this.fail(`expected an integer ${min}..${max}, got ${n}`);
    return n;
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail(`expected true or false, got ${describe(this.value)}`);
    return this.value as boolean;
  }
}
