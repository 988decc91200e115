import fs from 'node:fs';
import path from 'node:path';

/** A checkpoint as the witness keeps it: opaque to the witness apart from its row number and hash. */
export interface WitnessedCheckpoint {
  seq: number;
  hash: string;
  [field: string]: unknown;
}

interface WitnessRecord {
  log: string;
  checkpoint: WitnessedCheckpoint;
  receivedAt: number;
}

const FILE = 'witness-checkpoints.jsonl';

/**
 * Every checkpoint received, per log, in memory and in an append-only file (`SANDBOX_DATA_DIR/witness-checkpoints.jsonl`)
 * written before the sender hears "stored", so a restart forgets nothing the witness has vouched for.
 */
export function createWitnessStore(dataDir: string) {
  const file = path.join(dataDir, FILE);
  let logs = new Map<string, WitnessRecord[]>();
  const remember = (r: WitnessRecord) => {
    const list = logs.get(r.log) ?? [];
    list.push(r);
    logs.set(r.log, list);
  };
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        remember(JSON.parse(line) as WitnessRecord);
      } catch {
        break; // a line cut short by a crash: it was never acknowledged
      }
    }
  }
  return {
    latest: (log: string) => logs.get(log)?.at(-1)?.checkpoint,
    all: (log: string) => (logs.get(log) ?? []).map((r) => ({ ...r.checkpoint, received_at: r.receivedAt })),
    add(log: string, checkpoint: WitnessedCheckpoint, now: number) {
      const record = { log, checkpoint, receivedAt: now };
      fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
      remember(record);
    },
    reset() {
      fs.rmSync(file, { force: true });
      logs = new Map();
    },
  };
}

export type WitnessStore = ReturnType<typeof createWitnessStore>;
