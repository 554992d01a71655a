import { describe, expect, it } from 'vitest';
import { LinkError, ProtocolClient } from '../../host/link/protocol-client.ts';
import { listPorts, openFailureReason, SerialTransport, type SerialPortLike } from '../../host/link/serial-transport.ts';

describe('listPorts', () => {
  it('lists what serialport finds', async () => {
    const listing = await listPorts(async () => [{ path: '/dev/ttyACM0', manufacturer: 'Raspberry Pi', serialNumber: 'E661' }]);
    expect(listing).toEqual({ ports: [{ path: '/dev/ttyACM0', description: 'Raspberry Pi E661', timer: false }] });
  });

  it('falls back to device files with a clear note when udev is missing', async () => {
    const listing = await listPorts(async () => {
      throw new Error('spawn udevadm ENOENT');
    });
    expect(listing.note).toMatch(/udev is probably missing\)\. Showing the serial device files found in \/dev instead\.$/);
    // The browser's start page shows it to the family: no command-line flag and no error code in it; the command line adds the reason.
    expect(listing.note).not.toContain('--port');
    expect(listing.note).not.toMatch(/ENOENT|spawn|udevadm/);
    expect(listing.reason).toBe('spawn udevadm ENOENT');
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

/** A port that fails as serialport's do once the cable is pulled: `how` names the step that fails. */
function failingPort(how: 'write' | 'drain' | 'throw' | 'closed'): SerialPortLike & { emit(event: string, value: unknown): void } {
  const listeners = new Map<string, ((...args: never[]) => void)[]>();
  return {
    isOpen: how !== 'closed',
    write(_data, callback) {
      if (how === 'throw') throw new Error('Error: Port is not open');
      callback(how === 'write' ? new Error('Error: Input/output error, cannot write') : null);
      return true;
    },
    drain(callback) {
      callback(how === 'drain' ? new Error('Error: Input/output error, cannot drain') : null);
    },
    close(callback) {
      callback(new Error('Error: Input/output error, cannot close'));
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    emit(event, value) {
      for (const l of listeners.get(event) ?? []) (l as (v: unknown) => void)(value);
    },
  };
}

describe('SerialTransport with the cable pulled', () => {
  const WORDS = "the timer's cable was pulled or its port vanished: writing to /dev/ttyACM0 at 115200 baud failed";

  it("rejects a failed write, drain or a port already gone with the link's own error in words, never serialport's", async () => {
    const cases: [Parameters<typeof failingPort>[0], string][] = [
      ['write', `${WORDS} (input/output error, cannot write)`],
      ['drain', `${WORDS} (input/output error, cannot drain)`],
      ['throw', `${WORDS} (port is not open)`],
      ['closed', `${WORDS} (the port is not open)`],
    ];
    for (const [how, message] of cases) {
      const transport = SerialTransport.over(failingPort(how), '/dev/ttyACM0');
      const error = await transport.write('STATUS\n').catch((e: unknown) => e);
      expect(error, how).toBeInstanceOf(LinkError);
      expect((error as Error).message).toBe(message);
      // A command over it fails the same way, in words.
      const client = new ProtocolClient(SerialTransport.over(failingPort(how), '/dev/ttyACM0'));
      await expect(client.request('STATUS')).rejects.toThrow(message);
    }
  });

  it('says the port vanished when it closes by itself, and closes a vanished port without an error', async () => {
    const port = failingPort('drain');
    const transport = SerialTransport.over(port, '/dev/ttyACM0');
    const reasons: (Error | undefined)[] = [];
    transport.onClose((error) => reasons.push(error));
    port.emit('close', new Error('Error: Input/output error'));
    expect(reasons.map((e) => e?.message)).toEqual([
      "the timer's cable was pulled or its port vanished: the port /dev/ttyACM0 at 115200 baud failed (input/output error)",
    ]);
    await expect(transport.close()).resolves.toBeUndefined();
  });
});
