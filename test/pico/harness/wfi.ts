// WFI on the emulated Cortex-M0+ as the chip executes it. rp2040js leaves WFI only when an
// interrupt becomes pending while it waits, and then takes it even with PRIMASK set. The
// processor (ARMv6-M Architecture Reference Manual B1.5.19, "Wait For Interrupt", as the RP2040
// datasheet's Cortex-M0+ chapter 2.4 and its sleep section 2.11.5.1 rely on) leaves WFI for any
// enabled interrupt pending at a priority above the current execution priority, PRIMASK aside:
//
//   - an interrupt already pending when WFI executes ends it at once (the runtime masks
//     interrupts, checks for input, then waits: an input that arrived after the check must not
//     be slept through);
//   - with PRIMASK set (cpsid i) the core leaves WFI without taking the interrupt: the code
//     after the WFI runs first, and the handler when PRIMASK is cleared.
import type { RP2040 } from 'rp2040js';

/** Whether an enabled, pending interrupt would end WFI now (PRIMASK does not count). */
export function interruptWakesCore(core: RP2040['core']): boolean {
  const pending = core.pendingInterrupts & core.enabledInterrupts;
  if (pending === 0) return false;
  const current = core.exceptionPriority(core.IPSR);
  for (let priority = 0; priority < current && priority < core.interruptPriorities.length; priority++) {
    if (pending & (core.interruptPriorities[priority] ?? 0)) return true;
  }
  return false;
}

export function installWfi(rp2040: RP2040): void {
  const { core } = rp2040;
  const execute = core.executeInstruction.bind(core);
  core.executeInstruction = (): number => {
    const cycles = execute();
    if (core.waiting && interruptWakesCore(core)) {
      core.waiting = false;
      core.interruptsUpdated = true; // taken at the next instruction unless PRIMASK is set
    }
    return cycles;
  };
  const setInterrupt = core.setInterrupt.bind(core);
  core.setInterrupt = (irq: number, value: boolean): void => {
    if (!(value && core.waiting && core.PM)) {
      setInterrupt(irq, value);
      return;
    }
    // Record it pending without rp2040js taking it, then leave WFI if it is one that wakes.
    core.waiting = false;
    setInterrupt(irq, value);
    core.waiting = !interruptWakesCore(core);
  };
}
