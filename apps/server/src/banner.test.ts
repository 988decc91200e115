import { describe, expect, it } from 'vitest';
import { beside, shownOrigin, startBanner } from './banner';

describe('start banner', () => {
  it('lists the app, console, docs, database and sandbox under one origin', () => {
    const origin = shownOrigin(undefined, '0.0.0.0', 8080);
    expect(origin).toBe('http://localhost:8080');
    const text = startBanner({
      origin,
      database: 'embedded at /srv/koi/data',
      sandboxUrl: beside('http://127.0.0.1:8090', origin),
      processes: 1,
    });
    expect(text).toContain('Koi is running');
    expect(text).toContain('Player app        http://localhost:8080/');
    expect(text).toContain('Operator console  http://localhost:8080/admin');
    expect(text).toContain('API docs          http://localhost:8080/docs');
    expect(text).toContain('Database          embedded at /srv/koi/data');
    expect(text).toContain('Sandbox           http://localhost:8090');
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('Server processes');
  });

  it("shows the first operator's setup link while no operator exists", () => {
    const base = { origin: 'http://localhost:8080', database: 'PostgreSQL', sandboxUrl: null, processes: 1 };
    expect(startBanner(base)).not.toContain('First operator');
    const text = startBanner({ ...base, setupLink: 'http://localhost:8080/admin/setup#tok' });
    expect(text).toContain(
      'First operator    http://localhost:8080/admin/setup#tok  (one-time, valid 30 minutes)',
    );
  });

  it('uses KOI_PUBLIC_URL when set, and says when the sandbox is off', () => {
    const origin = shownOrigin('https://koi.example/', '0.0.0.0', 8080);
    const text = startBanner({ origin, database: 'PostgreSQL', sandboxUrl: null, processes: 4 });
    expect(text).toContain('https://koi.example/admin');
    expect(text).toContain('off (no external systems connected)');
    expect(text).toContain('Server processes  4');
    expect(beside('http://sandbox.internal:8090', origin)).toBe('http://sandbox.internal:8090');
  });
});
