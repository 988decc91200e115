/** Query keys of the agent programme's reads, each under the player's token (lib/playerQuery). */
export const agentKeys = {
  all: ['agents'] as const,
  invite: (token: string | null) => ['agents', 'invite', token] as const,
  info: (token: string | null) => ['agents', 'info', token] as const,
  template: (token: string | null) => ['agents', 'template', token] as const,
  playOut: (token: string | null, range: number) => ['agents', 'playOut', token, range] as const,
  playerLog: (token: string | null, range: number) => ['agents', 'playerLog', token, range] as const,
  superior: (token: string | null, range: number) => ['agents', 'superior', token, range] as const,
  statements: (token: string | null) => ['agents', 'statements', token] as const,
  statement: (token: string | null, day: string) => ['agents', 'statement', token, day] as const,
  income: (token: string | null) => ['agents', 'income', token] as const,
};
