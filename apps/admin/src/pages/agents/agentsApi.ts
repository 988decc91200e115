import type { z } from 'zod';
import type {
  adminAgentChainResult,
  adminAgentMoveResult,
  adminAgentRun,
  adminAgentSettleResult,
  adminAgentTiersResult,
  adminAgentNode,
} from '@koi/contract';
import { request, type Params } from '../../lib/http';

const A = '/api/admin/agents';
export type AgentNode = z.infer<typeof adminAgentNode>;
export type AgentRun = z.infer<typeof adminAgentRun>;
export type AgentTiers = z.infer<typeof adminAgentTiersResult>;
export type AgentChain = z.infer<typeof adminAgentChainResult>;
type Page<T> = { data: T[]; total: number };

/** The agents area of the console API (contract: packages/contract/src/admin/agents.ts). */
export const agentsApi = {
  tree: (params: Params) => request<Page<AgentNode>>(`${A}/tree`, { params }),
  chain: (player: string) => request<AgentChain>(`${A}/chain`, { params: { player } }),
  tiers: () => request<AgentTiers>(`${A}/tiers`),
  saveTiers: (body: { tiers: AgentTiers['tiers']; reason: string }) =>
    request<AgentTiers>(`${A}/tiers`, { method: 'POST', body }),
  runs: (params: Params) => request<Page<AgentRun>>(`${A}/runs`, { params }),
  settle: (body: { day: string; reason: string }) =>
    request<z.infer<typeof adminAgentSettleResult>>(`${A}/runs`, { method: 'POST', body }),
  move: (body: { player: string; to: string; reason: string }) =>
    request<z.infer<typeof adminAgentMoveResult>>(`${A}/move`, { method: 'POST', body }),
};
