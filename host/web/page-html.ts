// The three pages' HTML: a shell each, the bundled script and style from /app/ (nothing from
// outside this server), the live content drawn by the script.

export type PageKind = 'start' | 'table' | 'seat' | 'pass';

const TITLES: Readonly<Record<PageKind, string>> = {
  start: 'Imperial Timer companion: start a match',
  table: 'Imperial Timer companion: the table',
  seat: 'Imperial Timer companion: your seat',
  pass: 'Imperial Timer companion: pass and play',
};

export function pageHtml(kind: PageKind): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${TITLES[kind]}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app/style.css">
<script type="module" src="/app/${kind}.js"></script>
</head>
<body data-page="${kind}">
<noscript>This page needs JavaScript.</noscript>
<main id="app" aria-live="off"><p>Connecting…</p></main>
</body>
</html>
`;
}
