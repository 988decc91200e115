/** What redpackets.bench.ts and its client process (redpackets.client.ts) say to each other over IPC. */

/** One grab: who grabs (a session token) which packet. */
export interface BenchGrab {
  token: string;
  packetId: number;
}

export type ClientOrder =
  | { kind: 'enter'; base: string; roomId: number; tokens: string[] }
  | { kind: 'grab'; base: string; grabs: BenchGrab[] }
  | { kind: 'fanout'; base: string; topic: string; listeners: string[]; grabs: BenchGrab[] }
  | { kind: 'stop' };

export type ClientReply =
  | { kind: 'entered' }
  | { kind: 'grab'; latencies: number[]; codes: number[]; seconds: number; cpuMs: number }
  | { kind: 'fanout'; lastMs: number[]; deliveryMs: number[] }
  | { kind: 'error'; message: string };
