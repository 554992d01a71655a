// The match the web server is serving now, and which page a path names: the start page, or the
// table, a seat or pass-and-play by its link's token (compared in constant time). A match played
// pass-and-play is played on its `/pass/` page alone: its table and seat pages are refused.

import type { VirtualDevice } from '../../sim/device/index.ts';
import type { LinkNotice } from '../link/timer-link.ts';
import type { TableTimerPort } from '../table/host.ts';
import type { MatchLinks } from './links-file.ts';
import type { ServerMessage } from './messages.ts';
import type { PageKind } from './page-html.ts';
import { findByToken } from './tokens.ts';
import { TABLE, type WebGame, type WebMatch } from './web-match.ts';

/** A timer the server opened for a match. */
export interface OpenedTimer {
  readonly port: TableTimerPort;
  readonly name: string;
  /** The built-in timer's device, whose sound the pages play (absent: a real timer, which makes its own). */
  readonly builtIn?: VirtualDevice;
  /** The link's notices (lost, trying again, back), told to every page: a pulled cable is seen at the table. */
  readonly onNotice?: (listener: (notice: LinkNotice) => void) => () => void;
  close(): Promise<void>;
}

/** The match being served. */
export interface CurrentMatch {
  readonly game: WebGame;
  readonly match: WebMatch;
  /** The tokens of its table and seat links. */
  readonly links: MatchLinks;
  readonly timer: OpenedTimer | null;
  /** Stops sending the built-in timer's sound, its link's notices and its save failures on (match-notices.ts). */
  readonly stopNotices: () => void;
  /** The link's last notice while it is not back (a page that joins then is told). */
  linkDown: ServerMessage | null;
  /** Played on one screen passed around (`/pass/` only; the start or resume request said so). */
  readonly passAndPlay: boolean;
}

/** A page a path names: its kind, and whose (the table's or a seat's; null: the start page). */
export interface PageTarget {
  readonly kind: PageKind;
  readonly viewer: string | null;
}

/** Which page a path names: the start page, or the table, pass-and-play or a seat by its token (null: none of the current match). */
export function pageFor(path: string, current: CurrentMatch | null): PageTarget | null {
  if (path === '/') return { kind: 'start', viewer: null };
  const found = /^\/(table|seat|pass)\/([A-Za-z0-9_-]{16,128})$/.exec(path);
  if (found === null || current === null) return null;
  const token = found[2] as string;
  // Pass-and-play is the table's device playing every person's seat: it needs the table's token.
  if (found[1] === 'table' || found[1] === 'pass')
    return findByToken(new Map([[TABLE, current.links.table]]), token) === undefined ? null : { kind: found[1], viewer: TABLE };
  const seat = findByToken(new Map(Object.entries(current.links.seats)), token);
  return seat === undefined ? null : { kind: 'seat', viewer: seat };
}

/**
 * Why a page is not served for the current match: a match played pass-and-play is played on its
 * `/pass/` page alone (each person's quick-window time is counted there, from when their screen
 * shows; the host counts none, so a table or seat page would show no countdown).
 */
export function pageRefusal(kind: PageKind, current: CurrentMatch | null): string | null {
  if (current?.passAndPlay === true && (kind === 'table' || kind === 'seat'))
    return 'this match is played pass-and-play on one screen: open "Pass and play on this screen" on the start page, or start a new match on separate screens';
  return null;
}
