import { describe, expect, it } from 'vitest';
import { listPorts, openFailureReason, SerialTransport } from '../../host/link/serial-transport.ts';

describe('listPorts', () => {
  it('lists what serialport finds', async () => {
    const listing = await listPorts(async () => [{ path: '/dev/ttyACM0', manufacturer: 'Raspberry Pi', serialNumber: 'E661' }]);
    expect(listing).toEqual({ ports: [{ path: '/dev/ttyACM0', description: 'Raspberry Pi E661', timer: false }] });
  });

  it('falls back to device files with a clear note when udev is missing', async () => {
    const listing = await listPorts(async () => {
      throw new Error('spawn udevadm ENOENT');
    });
    expect(listing.note).toMatch(/udev is probably missing\. Showing the serial device files found in \/dev instead\.$/);
    expect(listing.note).not.toContain('--port'); // the browser's start page shows it too: no command-line flag in it
    expect(listing.note).toContain('spawn udevadm ENOENT');
    for (const port of listing.ports) expect(port.path).toMatch(/^\/dev\/(ttyACM|ttyUSB|ttyAMA)/);
  });
});

describe('SerialTransport', () => {
  it('says what to check when the port does not exist', async () => {
    await expect(SerialTransport.open('/dev/does-not-exist-timer')).rejects.toThrow(
      /^cannot open \/dev\/does-not-exist-timer: no such file or directory\. Is the timer plugged in, and is this the right port\? \(`npm run -s companion -- ports` lists them; on Linux your user may need to be in the dialout group\.\)$/,
    );
  });

  it('says so when the path is not a serial port', async () => {
    await expect(SerialTransport.open('/dev/null')).rejects.toThrow(/^cannot open \/dev\/null: .*\(it is not a serial port\)\. Is the timer plugged in/);
  });

  it('tells serialport\'s reason once, without its "Error: " and the path again', () => {
    expect(openFailureReason('Error: No such file or directory, cannot open /dev/x', '/dev/x')).toBe('no such file or directory');
    expect(openFailureReason('Error: Permission denied, cannot open /dev/ttyACM0', '/dev/ttyACM0')).toBe('permission denied');
    expect(openFailureReason('Error: Inappropriate ioctl for device setting custom baud rate of 115200', '/dev/null')).toBe(
      'inappropriate ioctl for device setting custom baud rate of 115200 (it is not a serial port)',
    );
    expect(openFailureReason('', '/dev/x')).toBe('the port could not be opened');
  });

  it('refuses a nonsense baud rate before touching the port', async () => {
    await expect(SerialTransport.open('/dev/null', 12)).rejects.toThrow(/--baud 12 is not a usable baud rate/);
  });
});
