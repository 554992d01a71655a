// The firmware's notion of "now": the host's millisecond counter (u32, wraps after
// 2^32 ms). Times are only ever compared by their wrap-safe difference.

let current: u32 = 0;

/** The time being processed: a timer's due instant while it runs, else the host's last `now`. */
export function now(): u32 {
  return current;
}

export function setNow(time: u32): void {
  current = time;
}

/** Milliseconds from `now()` until `time` (negative when `time` is past). */
export function msUntil(time: u32): i32 {
  return <i32>(time - current);
}
