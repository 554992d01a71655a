// The links of the match being served, as addresses: the table page, the pass-and-play page and
// each person's seat page (`MatchUrls`, for the start page and `serve`'s terminal), the seat links
// with their QR codes for the table page, and the lines `serve --lan` prints (a match played
// pass-and-play: its one page, since its table and seat pages are refused).

import QRCode from 'qrcode';
import type { CurrentMatch } from './current-match.ts';
import type { MatchUrls, MessageOf } from './messages.ts';

/** The current match's links under `origin` (`http://host:port`). */
export function matchUrls(current: CurrentMatch, origin: string): MatchUrls {
  const { links, match } = current;
  return {
    table: `${origin}/table/${links.table}`,
    pass: `${origin}/pass/${links.table}`,
    passAndPlay: current.passAndPlay,
    seats: match.seats.filter((s) => links.seats[s.id] !== undefined).map((s) => ({ ...s, url: `${origin}/seat/${links.seats[s.id] as string}` })),
  };
}

/** The table page's `links` message: each person's seat link with its QR code (SVG). */
export async function linksMessage(urls: MatchUrls): Promise<MessageOf<'links'>> {
  const seats = await Promise.all(
    urls.seats.map(async (s) => ({
      id: s.id,
      name: s.name,
      url: s.url,
      qr: await QRCode.toString(s.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    })),
  );
  return { type: 'links', seats };
}

/** What `serve --lan` prints for a match: its pass-and-play page, or its table page and each person's seat. */
export function linksText(urls: MatchUrls): string {
  if (urls.passAndPlay) return `pass and play (one screen): ${urls.pass}`;
  return [`table: ${urls.table}`, ...urls.seats.map((s) => `${s.name}: ${s.url}`)].join('\n');
}
