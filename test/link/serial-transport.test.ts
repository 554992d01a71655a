import { describe, expect, it } from 'vitest';
import { listPorts, SerialTransport } from '../../host/link/serial-transport.ts';

describe('listPorts', () => {
  it('lists what serialport finds', async () => {
    const listing = await listPorts(async () => [{ path: '/dev/ttyACM0', manufacturer: 'Raspberry Pi', serialNumber: 'E661' }]);
    expect(listing).toEqual({ ports: [{ path: '/dev/ttyACM0', description: 'Raspberry Pi E661' }] });
  });

  it('falls back to device files with a clear note when udev is missing', async () => {
    const listing = await listPorts(async () => {
      throw new Error('spawn udevadm ENOENT');
    });
    expect(listing.note).toMatch(/udev is probably missing.*--port/);
    expect(listing.note).toContain('spawn udevadm ENOENT');
    for (const port of listing.ports) expect(port.path).toMatch(/^\/dev\/(ttyACM|ttyUSB|ttyAMA)/);
  });
});

describe('SerialTransport', () => {
  it('says what to check when the port does not exist', async () => {
    await expect(SerialTransport.open('/dev/does-not-exist-timer')).rejects.toThrow(/cannot open \/dev\/does-not-exist-timer.*plugged in/);
  });

  it('refuses a nonsense baud rate before touching the port', async () => {
    await expect(SerialTransport.open('/dev/null', 12)).rejects.toThrow(/--baud 12 is not a usable baud rate/);
  });
});
