// Second-stage boot (RP2040 datasheet 2.8.1): the boot ROM copies the first 256 bytes of
// flash to SRAM at 0x20041f00, checks their CRC32 (last 4 bytes, computed by the build) and
// runs them. This generic boot2 sets up execute-in-place with the boot ROM's own flash
// functions (2.8.3.1.3), which work with any flash chip the ROM can boot from, then starts the
// application from its vector table at 0x10000100.
//
// The read mode is the ROM's serial 03h command: slower than a quad-mode boot2, and plenty at
// the timer's 12 MHz system clock.

    .syntax unified
    .cpu cortex-m0plus
    .thumb

    .section .boot2_entry, "ax"
    .global boot2_entry
    .type boot2_entry, %function
    .thumb_func
boot2_entry:
    push {r4, r5, lr}
    movs r4, #0x18
    ldrh r4, [r4]              // r4 = rom_table_lookup (16-bit pointer at 0x18)
    movs r5, #0x14
    ldrh r5, [r5]              // r5 = the ROM function table (16-bit pointer at 0x14)

    ldr r1, =0x4649            // 'I','F': connect_internal_flash
    bl call_rom
    ldr r1, =0x5845            // 'E','X': flash_exit_xip
    bl call_rom
    ldr r1, =0x4346            // 'F','C': flash_flush_cache
    bl call_rom
    ldr r1, =0x5843            // 'C','X': flash_enter_cmd_xip
    bl call_rom

    pop {r4, r5}
    pop {r0}
    // Entered from the boot ROM, lr was 0: start the application. Called from code, return.
    cmp r0, #0
    beq start_application
    bx r0

start_application:
    ldr r0, =0x10000100        // the application's vector table
    ldr r1, =0xe000ed08        // VTOR
    str r0, [r1]
    ldmia r0!, {r1, r2}        // initial stack pointer, reset handler
    msr msp, r1
    bx r2

    .type call_rom, %function
    .thumb_func
call_rom:                      // r1 = code; calls rom_table_lookup(table, code)()
    push {lr}
    movs r0, r5
    blx r4
    blx r0
    pop {pc}

    .ltorg
