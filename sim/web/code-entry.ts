// One click on a printed code enters it as a person would: its three buttons pressed one after
// the other, each held CODE_HOLD_MS and then left CODE_GAP_MS (real time), through the same
// contacts as a mouse press (so the firmware debounces them). Codes clicked while one is being
// entered wait their turn.

import type { ButtonName } from '../device/index.ts';

/** How long each button of a code is held, real ms: a brisk but ordinary press. */
export const CODE_HOLD_MS = 120;
/** The pause between two buttons of a code, real ms. */
export const CODE_GAP_MS = 180;

export interface CodeEntryTarget {
  press(name: ButtonName): void;
  release(name: ButtonName): void;
  setTimer(callback: () => void, realMs: number): unknown;
  clearTimer(handle: unknown): void;
  /** A code's entry began or ended (`digits` undefined when the queue is empty). */
  onChange?(digits: readonly number[] | undefined): void;
}

export class CodeEntry {
  private readonly queue: (readonly number[])[] = [];
  private current: readonly number[] | undefined;
  private step = 0;
  private timer: unknown;

  constructor(
    /** Button names by index (1..4 the symbols). */
    private readonly buttons: readonly ButtonName[],
    private readonly target: CodeEntryTarget,
  ) {}

  /** Whether a code is being entered (its buttons are a person's presses). */
  get busy(): boolean {
    return this.current !== undefined;
  }

  get entering(): readonly number[] | undefined {
    return this.current;
  }

  /** Queues a code (button indexes 1..4). */
  enter(digits: readonly number[]): void {
    for (const digit of digits) {
      if (this.buttons[digit] === undefined || digit === 0) throw new RangeError(`a code symbol is 1..4, got ${digit}`);
    }
    this.queue.push(digits);
    if (!this.busy) this.next();
  }

  /** Stops entering (the power went off, the page is being left); a held button is released. */
  cancel(): void {
    if (this.timer !== undefined) this.target.clearTimer(this.timer);
    this.timer = undefined;
    const held = this.current?.[this.step];
    this.queue.length = 0;
    this.current = undefined;
    if (held !== undefined) this.target.release(this.name(held));
    this.target.onChange?.(undefined);
  }

  private next(): void {
    this.current = this.queue.shift();
    this.step = 0;
    this.target.onChange?.(this.current);
    if (this.current) this.pressStep();
  }

  private pressStep(): void {
    const digit = this.current?.[this.step];
    if (digit === undefined) {
      this.next();
      return;
    }
    const name = this.name(digit);
    this.target.press(name);
    this.timer = this.target.setTimer(() => {
      this.target.release(name);
      this.timer = this.target.setTimer(() => {
        this.step++;
        this.pressStep();
      }, CODE_GAP_MS);
    }, CODE_HOLD_MS);
  }

  private name(digit: number): ButtonName {
    const name = this.buttons[digit];
    if (name === undefined) throw new RangeError(`no button ${digit}`);
    return name;
  }
}
