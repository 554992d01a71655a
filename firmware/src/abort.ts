// The module's `abort`: a trap the host reports. Routing it here (asc --use abort=...)
// keeps the module free of any import other than the ABI.

export function abortFirmware(message: usize, fileName: usize, line: u32, column: u32): void {
  unreachable();
}
