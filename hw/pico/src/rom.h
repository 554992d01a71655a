// Boot ROM functions, found through the ROM's lookup table (RP2040 datasheet 2.8.3).
#ifndef ROM_H
#define ROM_H

#include <stdint.h>

// The function with the two-letter code (e.g. ROM_CODE('R','E')), or halts when the ROM has none.
void *rom_func_lookup(uint32_t code);

#endif
