import fs from 'node:fs';
import path from 'node:path';
import type { OperatorsService } from './operators.service';

export const SETUP_LINK_FILE = 'setup-link.txt';

/**
 * The first operator without a second process: while no operator exists, a starting server issues a setup link
 * (operators.openFirstRunSetup), shows it in the start banner and writes it to `<dataDir>/setup-link.txt`,
 * readable by the owner only, for servers started without a terminal. The token rides in the address's
 * fragment, which browsers never send, so no server or proxy logs it; the JSON log names the file, not the link.
 * Once an operator exists the file is removed and nothing is issued.
 */
export async function announceFirstRunSetup(opts: {
  operators: Pick<OperatorsService, 'openFirstRunSetup'>;
  origin: string;
  dataDir: string;
}): Promise<{ link: string; file: string; expiresAt: Date } | null> {
  const file = path.join(opts.dataDir, SETUP_LINK_FILE);
  const setup = await opts.operators.openFirstRunSetup();
  if (!setup) {
    fs.rmSync(file, { force: true });
    return null;
  }
  const link = `${opts.origin.replace(/\/+$/, '')}/admin/setup#${setup.token}`;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // Written with the mode at creation (and again for a file an older start left), never world-readable.
  fs.writeFileSync(file, `${link}\nvalid until ${setup.expiresAt.toISOString()}, once\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { link, file, expiresAt: setup.expiresAt };
}
