import os from 'node:os';
import { OPERATOR_ROLES, type OperatorRole } from '@koi/contract';
import { exitOnRefusal, type Command } from '../../cli/command';
import { systemClock } from '../../lib/clock';
import { auditCommands } from '../audit/audit.cli';
import { createOperatorsService } from './operators.service';

/** Who ran a command: recorded as the audit row's operator (the command line has no operator account). */
const cliActor = () => ({
  operatorId: null,
  username: `cli:${process.env.USER ?? os.userInfo().username}`,
  ip: null,
});

export const operatorsCommands: Record<string, Command> = {
  'operator:create': {
    summary:
      'Create an operator: --username <u> --role <admin|finance|support|viewer> [--json]; prints a one-time password, a TOTP secret and ten recovery codes',
    options: ['username', 'role'],
    flags: ['json'],
    async run({ database, config, options, out }) {
      const { username, role } = options;
      if (typeof username !== 'string' || typeof role !== 'string') {
        out('operator:create needs --username <u> --role <admin|finance|support|viewer>');
        return 2;
      }
      if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
        out(`operator:create: unknown role ${role} (one of ${OPERATOR_ROLES.join(', ')})`);
        return 2;
      }
      await database.migrate();
      const operators = createOperatorsService({ db: database.db, config, clock: systemClock });
      return exitOnRefusal('operator:create', out, async () => {
        const creds = await operators.createOperator(
          { username, role: role as OperatorRole, reason: 'operator:create (command line)' },
          { actor: cliActor(), context: null },
        );
        if (options.json) {
          out(
            JSON.stringify({
              username: creds.username,
              password: creds.password,
              totp_secret: creds.totpSecret,
              recovery_codes: creds.recoveryCodes,
            }),
          );
        } else {
          out(`operator ${creds.username} (${role}) created.`);
          out(`one-time password: ${creds.password}  (must be changed at first sign-in; shown only now)`);
          out(`TOTP secret:       ${creds.totpSecret}`);
          out(`TOTP URI:          ${creds.otpauthUri}`);
          out('Add the secret or the URI to an authenticator app (Google Authenticator, 1Password, …).');
          out('Recovery codes (each signs in once instead of the authenticator code; shown only now):');
          for (const code of creds.recoveryCodes) out(`  ${code}`);
        }
        return 0;
      });
    },
  },
  // The audit module owns it; it is offered here too, where the operators' command set is used on its own.
  'audit:verify': auditCommands['audit:verify']!,
};
