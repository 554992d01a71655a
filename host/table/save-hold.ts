// Play held while the game cannot be saved (a full disk, a folder gone or made read-only): the
// table host's moves are saved after each one, and a move acknowledged but never saved is lost by
// a crash; so while saves fail nothing more is played. The reason (with what to do) is the host's
// `held`, as when the timer is paused. The save is tried again every `retryMs` and on the next
// move sent; the first save that succeeds releases play.

import { isNoRoom, SaveWriteError } from '../engine/save.ts';

/** How often a save that failed is tried again while play is held (ms). */
export const SAVE_RETRY_MS = 5000;

/** What went wrong with the disk, in words without the computer's file paths (the held reason reaches every page). */
function failureInWords(error: unknown): string {
  if (isNoRoom(error)) return 'the disk is full';
  const code = error instanceof SaveWriteError ? error.code : (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'its folder is gone';
    case 'EACCES':
    case 'EPERM':
      return 'its folder may not be written';
    case 'EROFS':
      return 'its disk is read-only';
    case undefined:
      return 'the file could not be written';
    default:
      return `the file could not be written (${code})`;
  }
}

/**
 * Why play is held, in words, from the error the save threw: what failed, that nothing is played,
 * and what to do. It names no file (the whole error, with the save's path, is the host's
 * `save-failed` update, which the computer's own terminal shows).
 */
export function saveHeldText(error: unknown, retryMs: number): string {
  const whatToDo = isNoRoom(error) ? 'free some space on that disk' : 'make sure the save folder is there and may be written (and the disk has room)';
  const every = retryMs >= 1000 ? `every ${Math.round(retryMs / 1000)} s` : 'every moment';
  return `the game could not be saved (${failureInWords(error)}): nothing is played until it is. To go on, ${whatToDo} on the computer: the save is tried again ${every} and with the next move, and play goes on once it succeeds.`;
}

/** Whether play is held for a failed save, and the retry while it is. */
export class SaveHold {
  private why: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly retry: () => void,
    readonly retryMs: number = SAVE_RETRY_MS,
  ) {}

  /** Why play is held (null: it is not). */
  get reason(): string | null {
    return this.why;
  }

  /** A save failed with `error`: play is held (or stays held, with the latest reason), and the retry runs. */
  fail(error: unknown): void {
    this.why = saveHeldText(error, this.retryMs);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.retry(), this.retryMs);
      this.timer.unref?.();
    }
  }

  /** A save succeeded: play goes on. Returns whether it was held. */
  release(): boolean {
    const was = this.why !== null;
    this.why = null;
    this.stop();
    return was;
  }

  /** Stops the retry (the table closes). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
