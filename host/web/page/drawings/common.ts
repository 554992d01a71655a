// What every game's drawing shares: the drawing's type and small readers of the view the page was
// sent (pages get plain JSON). Symbols always come with words: nothing is told by colour alone.

export type Json = Readonly<Record<string, unknown>>;
export type Drawing = (view: Json, names: Readonly<Record<string, string>>) => HTMLElement;

export const list = (value: unknown): readonly Json[] => (Array.isArray(value) ? (value as Json[]) : []);
export const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
