// A placard's needs as a person types them: "blaster 2, intel 1", "fuel intel" (1 each),
// a resource's name or its unambiguous beginning, each followed by an
// optional count 1..9 (what the pack format allows).

export type NeedsCheck = { readonly ok: true; readonly needs: Record<string, number> } | { readonly ok: false; readonly message: string };

const MAX_COUNT = 9;

export function checkTypedNeeds(text: string, resources: readonly string[]): NeedsCheck {
  const example = `e.g. "${resources[0] ?? 'blaster'} 2, ${resources[3] ?? resources[1] ?? 'intel'} 1"; resources: ${resources.join(', ')}`;
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,;:=]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { ok: false, message: `a mission needs at least one resource: type each resource and how many (${example})` };
  const needs: Record<string, number> = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (/^\d+$/.test(word)) return { ok: false, message: `"${word}" comes before any resource: type the resource first, then how many (${example})` };
    const matches = resources.filter((r) => r.startsWith(word));
    const kind = resources.includes(word) ? word : matches.length === 1 ? matches[0] : undefined;
    if (kind === undefined) {
      const why = matches.length > 1 ? `"${word}" could be ${matches.join(' or ')}` : `"${word}" is not a resource`;
      return { ok: false, message: `${why} (${example})` };
    }
    if (kind in needs) return { ok: false, message: `${kind} is given twice: give each resource once, with its count (${example})` };
    let count = 1;
    const next = words[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      count = Number(next);
      i++;
      if (count < 1 || count > MAX_COUNT) return { ok: false, message: `${kind} ${next}: a count is 1 to ${MAX_COUNT}` };
    }
    needs[kind] = count;
  }
  return { ok: true, needs };
}

/** "blaster 2, intel 1" */
export function needsText(needs: Readonly<Record<string, number>>): string {
  return Object.entries(needs)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
}
