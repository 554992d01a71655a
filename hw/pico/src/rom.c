#include "rom.h"

#include "halt.h"
#include "rp2040.h"

typedef void *(*rom_table_lookup_fn)(const uint16_t *table, uint32_t code);

// The ROM stores its pointers as halfwords at fixed low addresses.
static uintptr_t rom_hword(uint32_t address) {
  uint32_t value;
  __asm volatile("ldrh %0, [%1]" : "=l"(value) : "l"(address));
  return value;
}

void *rom_func_lookup(uint32_t code) {
  rom_table_lookup_fn lookup = (rom_table_lookup_fn)rom_hword(ROM_TABLE_LOOKUP_PTR);
  const uint16_t *table = (const uint16_t *)rom_hword(ROM_FUNC_TABLE_PTR);
  void *fn = lookup(table, code);
  if (!fn) halt_with_reason("rom-function-missing");
  return fn;
}
