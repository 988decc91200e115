import type { Command } from './command';

/** Where the sandbox is when TRONGRID_URL is not set: `npm start`'s default sandbox port. */
const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:8090';
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/**
 * Commands that drive the sandbox (apps/sandbox, decision 19) from a terminal, for demos and manual tests.
 * They talk to the sandbox over HTTP and never open Koi's database, so they work while the server runs on
 * the embedded database.
 */
export const sandboxCommands: Record<string, Command> = {
  'sandbox:pay': {
    summary:
      'Send sandbox USDT on the sandbox TRON chain: --to <address> --amount <x> [--from <address>] [--token usdt|lookalike] [--url <sandbox>]',
    options: ['to', 'amount', 'from', 'token', 'url'],
    offline: true,
    async run({ config, options, out }) {
      const to = typeof options.to === 'string' ? options.to.trim() : '';
      const amount = typeof options.amount === 'string' ? options.amount.trim() : '';
      if (!to || !AMOUNT.test(amount)) {
        out('sandbox:pay needs --to <TRON address> and --amount <USDT, up to 6 decimals>');
        return 2;
      }
      // TRONGRID_URL names the sandbox in development (npm start sets it); --url overrides it.
      const base = typeof options.url === 'string' ? options.url : (config.tron.url ?? DEFAULT_SANDBOX_URL);
      const body: Record<string, string> = { to, amount };
      if (typeof options.from === 'string') body.from = options.from.trim();
      if (typeof options.token === 'string') body.token = options.token.trim();
      let res: Response;
      try {
        res = await fetch(new URL('/tron/wallet/send', base), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        out(
          `sandbox:pay: cannot reach the sandbox at ${base} (${(error as Error).message}); is npm start running?`,
        );
        return 1;
      }
      const answer = (await res.json().catch(() => ({}))) as {
        transaction_id?: string;
        from?: string;
        error?: string;
      };
      if (!res.ok || !answer.transaction_id) {
        out(`sandbox:pay refused (HTTP ${res.status}): ${answer.error ?? 'not a sandbox TRON node'}`);
        return 1;
      }
      out(`sent ${amount} USDT to ${to}`);
      out(`transaction ${answer.transaction_id}`);
      out(`from ${answer.from}`);
      out(
        `it is in the next block and confirmed a few blocks later: ${new URL(`/tron/tx/${answer.transaction_id}`, base)}`,
      );
      return 0;
    },
  },
};
