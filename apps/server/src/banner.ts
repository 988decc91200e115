/**
 * What `npm start` shows a person on a terminal once the server listens: where to open the app, the console and
 * the API docs, which database is used, and where the sandbox is. The JSON log line with the same facts stays
 * for log collectors; this is the readable copy on top. Every URL uses one origin (KOI_PUBLIC_URL when set,
 * else the listening address, with `localhost` for a wildcard), so the printed links match the ones Koi builds.
 */
export function startBanner(facts: {
  origin: string;
  database: string;
  sandboxUrl: string | null;
  processes: number;
  /** The first operator's one-time setup link, while no operator exists. */
  setupLink?: string | null;
}): string {
  const origin = facts.origin.replace(/\/+$/, '');
  const rows: [string, string][] = [
    ['Player app', `${origin}/`],
    ['Operator console', `${origin}/admin`],
    ['API docs', `${origin}/docs`],
    ['Database', facts.database],
    ['Sandbox', facts.sandboxUrl ?? 'off (no external systems connected)'],
  ];
  if (facts.processes > 1) rows.push(['Server processes', String(facts.processes)]);
  if (facts.setupLink) rows.push(['First operator', `${facts.setupLink}  (one-time, valid 30 minutes)`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  return ['', '  Koi is running', '', ...lines, '', ''].join('\n');
}

/** The origin Koi is reached at: the configured public URL, else the listening address. */
export function shownOrigin(publicUrl: string | undefined, host: string, port: number): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** A URL of a process beside Koi shown with the same loopback name as Koi's own origin. */
export function beside(url: string, origin: string): string {
  const target = new URL(url);
  const own = new URL(origin);
  const loopback = new Set(['localhost', '127.0.0.1']);
  if (loopback.has(target.hostname) && loopback.has(own.hostname)) target.hostname = own.hostname;
  return target.toString().replace(/\/+$/, '');
}
