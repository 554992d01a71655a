// The firmware's 64-byte non-volatile store, kept in the last 4 KiB sector of flash.
// Reads and writes go to a RAM copy; a commit erases and programs the sector through the boot
// ROM's flash functions, and only when the bytes changed.
#ifndef STORE_H
#define STORE_H

#include <stdint.h>

#define STORE_SIZE 64u

void store_init(void);
uint32_t store_read(uint32_t offset);
void store_write(uint32_t offset, uint32_t byte);
void store_commit(void);

#endif
