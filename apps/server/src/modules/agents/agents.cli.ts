import { formatMicro } from '@koi/ledger';
import { exitOnRefusal, type Command, type CommandContext } from '../../cli/command';
import { AppError } from '../../errors';
import { systemClock } from '../../lib/clock';
import { createPlayerDirectory } from '../auth';
import { betsModule } from '../bets';
import { createWalletService } from '../wallet/wallet.service';
import { createAgentsService } from './agents.service';

/** The agents service for the command line: the bets service without names (the statement needs none). */
function agentsForCli({ database, config }: Pick<CommandContext, 'database' | 'config'>) {
  const unused = () => {
    throw new Error('the agents command line shows no game names');
  };
  const bets = betsModule({
    database,
    clock: systemClock,
    config,
    catalogue: { namesOf: unused, categoryNames: unused },
  }).service;
  const directory = createPlayerDirectory(database.db);
  return {
    directory,
    service: createAgentsService({
      db: database.db,
      clock: systemClock,
      wallet: createWalletService({ db: database.db, clock: systemClock }),
      bets,
      directory,
      inviterOf: (playerId, tx) => createPlayerDirectory(tx).inviterOf(playerId),
      botStartLink: () => null,
    }),
  };
}

export const agentsCommands: Record<string, Command> = {
  'agents:statement': {
    summary:
      'Recompute an agent’s commission statement of a UTC+8 day from the bet records and compare it with what was paid: --agent <name> --day <YYYY-MM-DD>',
    options: ['agent', 'day'],
    async run({ database, config, options, out }) {
      const { agent, day } = options;
      if (typeof agent !== 'string' || typeof day !== 'string') {
        out('agents:statement needs --agent <name> --day <YYYY-MM-DD>');
        return 2;
      }
      await database.migrate();
      const { service, directory } = agentsForCli({ database, config });
      return exitOnRefusal('agents:statement', out, async () => {
        const agentId = await directory.playerIdByUsername(agent);
        if (agentId === null) throw new AppError('AGENT_PLAYER_NOT_FOUND', { name: agent });
        const { settled, recomputed, stored } = await service.recompute(agentId, day);
        // The statement, exactly as hashed: from the settled rounds of the team (bet_rounds), with the tier
        // table stored with the day's run.
        for (const line of (recomputed?.csv ?? '').split('\n')) if (line) out(line);
        out(`recomputed commission ${formatMicro(recomputed?.agent.commissionMicro ?? 0n)}`);
        out(`recomputed rows_sha256 ${recomputed?.rowsSha256 ?? '-'}`);
        out(
          `recomputed bets_sha256 ${recomputed?.betsSha256 ?? '-'} (${recomputed?.betCount ?? 0} settled bets)`,
        );
        if (!settled) {
          out(`agents:statement: ${day} is not settled yet; nothing was paid to compare with`);
          return 1;
        }
        if (!stored) {
          const nothing = !recomputed || recomputed.agent.commissionMicro === 0n;
          out(
            nothing
              ? `agents:statement: no statement for ${agent} on ${day}, and the bet records give none: MATCH`
              : `agents:statement: no statement was paid for ${agent} on ${day}, but the bet records give one: MISMATCH`,
          );
          return nothing ? 0 : 1;
        }
        out(`paid       commission ${formatMicro(stored.commissionMicro)}`);
        out(`paid       rows_sha256 ${stored.rowsSha256}`);
        out(`paid       bets_sha256 ${stored.betsSha256} (${stored.betCount} settled bets)`);
        const match =
          recomputed !== null &&
          recomputed.rowsSha256 === stored.rowsSha256 &&
          recomputed.betsSha256 === stored.betsSha256 &&
          recomputed.agent.commissionMicro === stored.commissionMicro;
        out(`agents:statement: ${match ? 'MATCH' : 'MISMATCH'}`);
        return match ? 0 : 1;
      });
    },
  },
  'agents:settle': {
    summary:
      'Settle the agents’ commission of a finished UTC+8 day (a day already settled is left as it is): --day <YYYY-MM-DD>',
    options: ['day'],
    async run({ database, config, options, out }) {
      if (typeof options.day !== 'string') {
        out('agents:settle needs --day <YYYY-MM-DD>');
        return 2;
      }
      const day = options.day;
      await database.migrate();
      const { service } = agentsForCli({ database, config });
      return exitOnRefusal('agents:settle', out, async () => {
        const { run, created } = await service.settleDay(day);
        out(
          `agents:settle ${day}: ${created ? 'settled' : 'already settled'}; ${run.agents} statements, ${run.paidAgents} paid, total ${formatMicro(run.totalMicro)}`,
        );
        return 0;
      });
    },
  },
};
