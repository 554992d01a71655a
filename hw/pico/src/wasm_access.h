// Loads and stores of the WebAssembly linear memory, for the Cortex-M0+. The build includes
// this file into wasm2c's output (build/pico/gen/firmware.c) just before the accessors are
// instantiated, replacing wasm2c's definitions.
//
// wasm2c copies every access through memcpy, since a wasm address need not be aligned and the
// M0+ faults on an unaligned halfword or word access. At -Os that is an out-of-line accessor
// calling newlib's byte-by-byte memcpy for every load and store: over a third of the core's
// cycles in a STATUS command (measured in the emulator, see README.md). Here an aligned access
// (what AssemblyScript emits) is a single LDR/STR, an unaligned one still goes through memcpy,
// and the bounds check is wasm2c's own (MEMCHECK, a trap on an access past the memory's size).
#ifndef WASM_ACCESS_H
#define WASM_ACCESS_H

#undef DEFINE_LOAD
#undef DEFINE_STORE

#define DEFINE_LOAD(name, t1, t2, t3)                                                       \
  static inline __attribute__((always_inline)) t3 name(wasm_rt_memory_t* mem, u64 addr) {   \
    MEMCHECK(mem, addr, t1);                                                                \
    const u8* at = &mem->data[addr];                                                        \
    t1 result;                                                                              \
    if (((uintptr_t)at & (sizeof(t1) - 1)) == 0) {                                          \
      __builtin_memcpy(&result, __builtin_assume_aligned(at, sizeof(t1)), sizeof(t1));      \
    } else {                                                                                \
      wasm_rt_memcpy(&result, at, sizeof(t1));                                              \
    }                                                                                       \
    wasm_asm("" ::"r"(result));                                                             \
    return (t3)(t2)result;                                                                  \
  }

#define DEFINE_STORE(name, t1, t2)                                                                  \
  static inline __attribute__((always_inline)) void name(wasm_rt_memory_t* mem, u64 addr, t2 value) { \
    MEMCHECK(mem, addr, t1);                                                                        \
    u8* at = &mem->data[addr];                                                                      \
    t1 wrapped = (t1)value;                                                                         \
    if (((uintptr_t)at & (sizeof(t1) - 1)) == 0) {                                                  \
      __builtin_memcpy(__builtin_assume_aligned(at, sizeof(t1)), &wrapped, sizeof(t1));             \
    } else {                                                                                        \
      wasm_rt_memcpy(at, &wrapped, sizeof(t1));                                                     \
    }                                                                                               \
  }

#endif
