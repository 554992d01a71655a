// How a problem in a game's data file is reported: a DataError naming the file, the entry (a
// path such as `mix[5].kind`, or in words such as `placard 4 (M04), needs` where people edit the
// file by hand) and what is wrong, so a person editing the file knows where to look; DataPath
// names an entry. Data files are checked against valibot schemas (schema.ts).

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
