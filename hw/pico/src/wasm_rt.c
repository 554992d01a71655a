// A bare-metal runtime for wasm2c output: the linear memory is one static array sized to the
// module's declared maximum, traps are reported on the serial line and end in the safe halt.
// (wasm2c's own wasm-rt-impl.c needs mmap, signals and setjmp.)
#include <stdarg.h>
#include <string.h>

#include "board.h"
#include "halt.h"
#include "wasm-rt.h"

#define WASM_PAGE_SIZE 65536u

uint32_t wasm_rt_call_stack_depth;

static uint8_t linear_memory[FIRMWARE_MEMORY_PAGES * WASM_PAGE_SIZE] __attribute__((aligned(8)));
static bool memory_taken;

void wasm_rt_init(void) {}
bool wasm_rt_is_initialized(void) { return true; }
void wasm_rt_free(void) {}

static const char *trap_reason(wasm_rt_trap_t trap) {
  switch (trap) {
    case WASM_RT_TRAP_OOB: return "out-of-bounds";
    case WASM_RT_TRAP_INT_OVERFLOW: return "integer-overflow";
    case WASM_RT_TRAP_DIV_BY_ZERO: return "divide-by-zero";
    case WASM_RT_TRAP_INVALID_CONVERSION: return "invalid-conversion";
    case WASM_RT_TRAP_UNREACHABLE: return "unreachable";
    case WASM_RT_TRAP_CALL_INDIRECT: return "call-indirect";
    case WASM_RT_TRAP_UNCAUGHT_EXCEPTION: return "uncaught-exception";
    case WASM_RT_TRAP_EXHAUSTION: return "call-stack-exhausted";
    default: return "unknown";
  }
}

const char *wasm_rt_strerror(wasm_rt_trap_t trap) { return trap_reason(trap); }

void wasm_rt_trap(wasm_rt_trap_t trap) { halt_with_reason(trap_reason(trap)); }

void wasm_rt_allocate_memory(wasm_rt_memory_t *memory, uint32_t initial_pages, uint32_t max_pages) {
  if (memory_taken || initial_pages > FIRMWARE_MEMORY_PAGES || max_pages > FIRMWARE_MEMORY_PAGES) {
    halt_with_reason("memory-too-large");
  }
  memory_taken = true;
  memset(linear_memory, 0, sizeof linear_memory);
  memory->data = linear_memory;
  memory->pages = initial_pages;
  memory->max_pages = max_pages;
  memory->size = initial_pages * WASM_PAGE_SIZE;
}

uint32_t wasm_rt_grow_memory(wasm_rt_memory_t *memory, uint32_t delta) {
  uint32_t old_pages = memory->pages;
  if (delta > memory->max_pages - old_pages) return UINT32_MAX;
  memory->pages = old_pages + delta;
  memory->size = memory->pages * WASM_PAGE_SIZE;
  return old_pages;
}

void wasm_rt_free_memory(wasm_rt_memory_t *memory) { (void)memory; }

// Function signatures for call_indirect checks: equal signatures get equal ids.
#define MAX_FUNC_TYPES 32
#define MAX_FUNC_TYPE_VALUES 12
static struct {
  uint8_t params, results;
  uint8_t types[MAX_FUNC_TYPE_VALUES];
} func_types[MAX_FUNC_TYPES];
static uint32_t func_type_count;

uint32_t wasm_rt_register_func_type(uint32_t params, uint32_t results, ...) {
  if (params + results > MAX_FUNC_TYPE_VALUES) halt_with_reason("function-type-too-long");
  uint8_t types[MAX_FUNC_TYPE_VALUES] = {0};
  va_list args;
  va_start(args, results);
  for (uint32_t i = 0; i < params + results; i++) types[i] = (uint8_t)va_arg(args, int);
  va_end(args);
  for (uint32_t id = 0; id < func_type_count; id++) {
    if (func_types[id].params == params && func_types[id].results == results &&
        memcmp(func_types[id].types, types, sizeof types) == 0) {
      return id;
    }
  }
  if (func_type_count == MAX_FUNC_TYPES) halt_with_reason("too-many-function-types");
  func_types[func_type_count].params = (uint8_t)params;
  func_types[func_type_count].results = (uint8_t)results;
  memcpy(func_types[func_type_count].types, types, sizeof types);
  return func_type_count++;
}

// Tables come from one static pool (AssemblyScript's stub runtime needs at most a few slots).
#define TABLE_POOL_SIZE 64
static wasm_rt_funcref_t table_pool[TABLE_POOL_SIZE];
static uint32_t table_pool_used;

void wasm_rt_allocate_funcref_table(wasm_rt_funcref_table_t *table, uint32_t elements, uint32_t max_elements) {
  if (elements > TABLE_POOL_SIZE - table_pool_used) halt_with_reason("table-too-large");
  table->data = &table_pool[table_pool_used];
  table_pool_used += elements;
  table->size = elements;
  table->max_size = elements < max_elements ? elements : max_elements;
}

void wasm_rt_free_funcref_table(wasm_rt_funcref_table_t *table) { (void)table; }

uint32_t wasm_rt_grow_funcref_table(wasm_rt_funcref_table_t *table, uint32_t delta, wasm_rt_funcref_t init) {
  (void)table;
  (void)delta;
  (void)init;
  return UINT32_MAX;
}
