// What every game's drawing shares: the drawing's type and small readers of the view the page was
// sent (pages get plain JSON). Symbols always come with words: nothing is told by colour alone.

export type Json = Readonly<Record<string, unknown>>;
/** A drawing of `view`; `recent` holds the latest events the page was sent (oldest first; empty after a reload), for what a view does not keep (the dice just rolled). */
export type Drawing = (view: Json, names: Readonly<Record<string, string>>, recent?: readonly Json[]) => HTMLElement;

export const list = (value: unknown): readonly Json[] => (Array.isArray(value) ? (value as Json[]) : []);
export const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
