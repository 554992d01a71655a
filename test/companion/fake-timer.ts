// A timer stand-in for tests that need no firmware: it records commands and lets the test send events.
import type { DeviceEvent } from '../../host/link/messages.ts';
import type { OkAnswer, TimerStatus } from '../../host/link/protocol-client.ts';
import type { LinkNotice } from '../../host/link/timer-link.ts';
import type { TableTimerPort } from '../../host/table/host.ts';

export class FakeTimer implements TableTimerPort {
  readonly commands: string[] = [];
  status_: TimerStatus = { state: 'ready', leftMs: 0, found: 0, need: 4, entry: '' };
  private readonly events = new Set<(event: DeviceEvent, line: string) => void>();
  private readonly notices = new Set<(notice: LinkNotice) => void>();

  async request(command: string): Promise<OkAnswer> {
    this.commands.push(command);
    const word = command.split(' ')[0] ?? '';
    return { kind: 'ok', command: word, words: [], fields: {}, line: `OK ${word}` };
  }

  async status(): Promise<TimerStatus> {
    return this.status_;
  }

  onEvent(listener: (event: DeviceEvent, line: string) => void): () => void {
    this.events.add(listener);
    return () => this.events.delete(listener);
  }

  onNotice(listener: (notice: LinkNotice) => void): () => void {
    this.notices.add(listener);
    return () => this.notices.delete(listener);
  }

  emit(event: DeviceEvent): void {
    for (const l of this.events) l(event, '');
  }

  notice(notice: LinkNotice): void {
    for (const l of this.notices) l(notice);
  }
}
