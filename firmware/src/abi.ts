// The host functions the firmware calls (module `env`). See firmware/README.md.
// Every parameter is an i32: the ABI carries numbers only.

/** Sets the buzzer: hz 0 = silent; volume 1..3. Never called with hz > 0 at volume 0. */
@external("env", "tone") export declare function tone(hz: i32, volume: i32): void;
/** Hint for user interfaces: sound `id` starts now. */
@external("env", "sound") export declare function sound(id: i32): void;
/** The lit outputs: bits 0..9 the bar, bits 10..13 the found-code lights. */
@external("env", "leds") export declare function leds(mask: i32): void;
/** One byte out on the serial line. */
@external("env", "tx") export declare function tx(byte: i32): void;
/** A byte (0..255) of the 512-byte non-volatile store (0xFF when blank). */
@external("env", "nvRead") export declare function nvRead(offset: i32): i32;
/** Changes a byte of the store's write buffer. */
@external("env", "nvWrite") export declare function nvWrite(offset: i32, byte: i32): void;
/** Persists the written bytes. */
@external("env", "nvCommit") export declare function nvCommit(): void;
/** The battery voltage in millivolts. */
@external("env", "batteryMv") export declare function batteryMv(): i32;
/** Power mode change: 1 = deep sleep, 0 = awake. */
@external("env", "sleep") export declare function sleep(mode: i32): void;
/**
 * Restarts the device into another mode once the line being answered is sent: 1 = the RP2040's
 * USB boot mode (BOOTSEL, to be flashed). Returns 1 when the runtime will do so, 0 when it cannot
 * (a device that is not a Pico).
 */
@external("env", "reboot") export declare function reboot(mode: i32): i32;
