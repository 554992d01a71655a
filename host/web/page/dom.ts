// A few DOM helpers for the pages: elements built with text (never HTML from a message).

export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

export function button(label: string, onClick: () => void, attrs: Readonly<Record<string, string>> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** Replaces the children of `parent`, keeping the focus on a control with the same `data-key` when there was one. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset['key'] : undefined;
  parent.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  if (focused !== undefined) {
    const again = parent.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`);
    again?.focus();
  }
}
