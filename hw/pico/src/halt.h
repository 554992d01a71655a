// The safe halt: every output off, the reason reported on the serial line, then sleep forever.
#ifndef HALT_H
#define HALT_H

// Writes "EVT TRAP reason=<reason>" on UART0 (polled, interrupts off), silences the buzzer,
// turns every LED off and stops. Used for WebAssembly traps and processor faults.
__attribute__((noreturn)) void halt_with_reason(const char *reason);

#endif
