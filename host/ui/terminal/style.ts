// Colours for terminal output: ANSI escape codes when writing to a terminal, plain text
// otherwise (a pipe, a file, the JSON stream).

export interface Style {
  readonly colour: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

const wrap = (on: boolean, open: number, close: number) => (text: string) => (on ? `\x1b[${open}m${text}\x1b[${close}m` : text);

export function styleFor(colour: boolean): Style {
  return {
    colour,
    bold: wrap(colour, 1, 22),
    dim: wrap(colour, 2, 22),
    red: wrap(colour, 31, 39),
    green: wrap(colour, 32, 39),
    yellow: wrap(colour, 33, 39),
    cyan: wrap(colour, 36, 39),
    magenta: wrap(colour, 35, 39),
  };
}

export const PLAIN: Style = styleFor(false);

/** The text without any ANSI escape codes (for measuring and for tests). */
export function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}
