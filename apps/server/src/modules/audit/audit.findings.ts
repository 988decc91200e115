import type { Locale } from '@koi/contract';

/*
 * What a check of the audit log found, one line each, in both languages: `audit:verify` prints the English
 * lines (a terminal's, and the words an incident report quotes), the console shows them in its operator's
 * language (the request's, plugins/locale.ts). A finding is a key and its values, worded only when shown.
 */

type Values = Record<string, string | number>;
type Wording = { zh: (v: Values) => string; en: (v: Values) => string };

const FINDINGS = {
  seqMissing: {
    en: (v) => `seq ${v.seq} is missing (next row is ${v.next})`,
    zh: (v) => `缺少第 ${v.seq} 行（下一行是第 ${v.next} 行）`,
  },
  notFollowing: {
    en: (v) => `row ${v.seq} does not follow the row before it`,
    zh: (v) => `第 ${v.seq} 行与上一行接不上`,
  },
  unkeyedAfterKeyed: {
    en: (v) =>
      `row ${v.seq} has an unkeyed hash after the keyed segment began at row ${v.since} (rewritten without the key)`,
    zh: (v) => `第 ${v.seq} 行没有密钥签名，而自第 ${v.since} 行起每行都应有（被人在没有密钥时改写过）`,
  },
  rowChanged: {
    en: (v) => `row ${v.seq} was changed after it was written`,
    zh: (v) => `第 ${v.seq} 行在写入后被改动过`,
  },
  unknownKey: {
    en: (v) =>
      `row ${v.seq} is signed with key ${v.key}, which is not configured (AUDIT_HMAC_KEY or AUDIT_HMAC_PREVIOUS_KEYS)`,
    zh: (v) => `第 ${v.seq} 行的签名密钥 ${v.key} 未配置（AUDIT_HMAC_KEY 或 AUDIT_HMAC_PREVIOUS_KEYS）`,
  },
  rowsNoneKeyed: {
    en: (v) => `${v.rows} rows, none keyed yet`,
    zh: (v) => `共 ${v.rows} 行，尚无密钥签名`,
  },
  rowsAllKeyed: {
    en: (v) => `${v.rows} rows, all keyed`,
    zh: (v) => `共 ${v.rows} 行，全部有密钥签名`,
  },
  rowsKeyedFrom: {
    en: (v) => `${v.rows} rows: ${v.unkeyed} unkeyed rows written before keys, keyed from row ${v.since}`,
    zh: (v) => `共 ${v.rows} 行：启用密钥前写入的 ${v.unkeyed} 行无签名，自第 ${v.since} 行起有密钥签名`,
  },
  headBeyondLog: {
    en: (v) =>
      `the chain head names row ${v.head} but the log ends at row ${v.rows} (rows removed at the end)`,
    zh: (v) => `链头指向第 ${v.head} 行，但日志止于第 ${v.rows} 行（末尾的行被删除）`,
  },
  noCheckpoint: {
    en: (v) => `${source(v, 'en')}: no checkpoint yet`,
    zh: (v) => `${source(v, 'zh')}：尚无检查点`,
  },
  checkpointHolds: {
    en: (v) => `${source(v, 'en')}: row ${v.seq} as checkpointed at ${v.at}`,
    zh: (v) => `${source(v, 'zh')}：第 ${v.seq} 行与 ${v.at} 的检查点一致`,
  },
  checkpointBeyondLog: {
    en: (v) =>
      `the ${source(v, 'en')}'s checkpoint of ${v.at} names row ${v.seq}, but the log ends at row ${v.rows}: rows were removed at the end or the log was emptied`,
    zh: (v) =>
      `${source(v, 'zh')}在 ${v.at} 的检查点指向第 ${v.seq} 行，但日志止于第 ${v.rows} 行：末尾的行被删除或日志被清空`,
  },
  checkpointRewritten: {
    en: (v) =>
      `row ${v.seq} is not the row the ${source(v, 'en')}'s checkpoint of ${v.at} names: the log up to it was rewritten`,
    zh: (v) => `第 ${v.seq} 行不是${source(v, 'zh')}在 ${v.at} 的检查点所记的那一行：此前的日志被改写`,
  },
  fileUnreadable: {
    en: (v) => `the checkpoint file ${v.file} cannot be read: ${v.error}`,
    zh: (v) => `无法读取检查点文件 ${v.file}：${v.error}`,
  },
  fileLineNotCheckpoint: {
    en: (v) => `line ${v.line} of the checkpoint file ${v.file} is not a checkpoint`,
    zh: (v) => `检查点文件 ${v.file} 的第 ${v.line} 行不是检查点`,
  },
  fileLineUnknownKey: {
    en: (v) =>
      `line ${v.line} of the checkpoint file ${v.file} is signed with key ${v.key}, which is not configured`,
    zh: (v) => `检查点文件 ${v.file} 的第 ${v.line} 行的签名密钥 ${v.key} 未配置`,
  },
  fileLineForged: {
    en: (v) =>
      `line ${v.line} of the checkpoint file ${v.file} has a signature that does not match (forged or changed)`,
    zh: (v) => `检查点文件 ${v.file} 的第 ${v.line} 行签名不符（伪造或被改动）`,
  },
  fileLineBackwards: {
    en: (v) =>
      `line ${v.line} of the checkpoint file ${v.file} names row ${v.seq}, before row ${v.previous} of the line above`,
    zh: (v) =>
      `检查点文件 ${v.file} 的第 ${v.line} 行指向第 ${v.seq} 行，早于上一行所指的第 ${v.previous} 行`,
  },
  witnessUnreachable: {
    en: (v) => `the witness at ${v.url} could not be reached: ${v.error}`,
    zh: (v) => `无法连接见证服务 ${v.url}：${v.error}`,
  },
  witnessHttp: {
    en: (v) => `the witness at ${v.url} answered HTTP ${v.status}`,
    zh: (v) => `见证服务 ${v.url} 返回 HTTP ${v.status}`,
  },
  witnessNotCheckpoint: {
    en: () => `the witness's latest checkpoint is not a checkpoint`,
    zh: () => '见证服务的最新检查点格式不对',
  },
  witnessUnknownKey: {
    en: (v) => `the witness's latest checkpoint is signed with key ${v.key}, which is not configured`,
    zh: (v) => `见证服务最新检查点的签名密钥 ${v.key} 未配置`,
  },
  witnessForged: {
    en: () => `the witness's latest checkpoint has a signature that does not match (forged or changed)`,
    zh: () => '见证服务最新检查点的签名不符（伪造或被改动）',
  },
} satisfies Record<string, Wording>;

/** Where a checkpoint was read: the checkpoint file beside the log, or the external witness. */
const SOURCES = {
  file: { en: 'checkpoint file', zh: '检查点文件' },
  witness: { en: 'witness', zh: '见证服务' },
} as const;
export type CheckpointSource = keyof typeof SOURCES;

function source(v: Values, lang: 'zh' | 'en'): string {
  return SOURCES[v.source as CheckpointSource][lang];
}

export type FindingKey = keyof typeof FINDINGS;
export interface AuditFinding {
  key: FindingKey;
  values: Values;
}

export const finding = (key: FindingKey, values: Values = {}): AuditFinding => ({ key, values });

/** A finding worded in a language. */
export function findingText(f: AuditFinding, locale: Locale): string {
  const wording: Wording = FINDINGS[f.key];
  return locale === 'en' ? wording.en(f.values) : wording.zh(f.values);
}
