// Finds the RP2040's USB boot drive (RPI-RP2): a mounted drive whose INFO_UF2.TXT says
// "Board-ID: RPI-RP2" (from the mount table, or the usual desktop mount points), or the drive's
// block device when nothing has mounted it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DRIVE_LABEL = 'RPI-RP2';

export type BootDrive =
  | { readonly kind: 'mounted'; readonly path: string }
  | { readonly kind: 'unmounted'; readonly device: string }
  | { readonly kind: 'none' };

export interface DriveSearch {
  /** The mount table (default /proc/mounts). */
  readonly mountsFile: string;
  /** Folders a desktop mounts drives under, by label (/media/$USER, /run/media/$USER, /Volumes). */
  readonly mountRoots: readonly string[];
  /** Where block devices appear by label (default /dev/disk/by-label). */
  readonly byLabelDir: string;
}

export function defaultDriveSearch(user = process.env.USER ?? ''): DriveSearch {
  return {
    mountsFile: '/proc/mounts',
    mountRoots: [...(user === '' ? [] : [join('/media', user), join('/run/media', user)]), '/media', '/Volumes'],
    byLabelDir: '/dev/disk/by-label',
  };
}

/** Whether `folder` is an RP2040 boot drive (its INFO_UF2.TXT names the board RPI-RP2). */
export function isBootDrive(folder: string): boolean {
  try {
    return /^Board-ID:\s*RPI-RP2\s*$/m.test(readFileSync(join(folder, 'INFO_UF2.TXT'), 'latin1'));
  } catch {
    return false;
  }
}

/** A mount point as /proc/mounts writes it: space, tab, newline and backslash as octal escapes. */
function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

export function findBootDrive(search: DriveSearch): BootDrive {
  const candidates: string[] = [];
  try {
    for (const line of readFileSync(search.mountsFile, 'utf8').split('\n')) {
      const mountPoint = line.split(' ')[1];
      if (mountPoint !== undefined && mountPoint !== '') candidates.push(unescapeMount(mountPoint));
    }
  } catch {
    // no mount table (not Linux): the usual mount points below
  }
  candidates.push(...search.mountRoots.map((root) => join(root, DRIVE_LABEL)));
  const found = candidates.find((folder) => isBootDrive(folder));
  if (found !== undefined) return { kind: 'mounted', path: found };
  const device = join(search.byLabelDir, DRIVE_LABEL);
  if (existsSync(device)) return { kind: 'unmounted', device };
  return { kind: 'none' };
}

/** How to mount the drive when it is there but not mounted. */
export function mountAdvice(device: string): string {
  return (
    `the timer's boot drive ${DRIVE_LABEL} is plugged in (${device}) but not mounted. Mount it, then run flash again: ` +
    `udisksctl mount -b ${device}   (or: sudo mkdir -p /mnt/${DRIVE_LABEL} && sudo mount ${device} /mnt/${DRIVE_LABEL})`
  );
}
