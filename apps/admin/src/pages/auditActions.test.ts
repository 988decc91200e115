import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@koi/contract';
import { AUDIT_ACTION_NAMES, auditActionName } from './auditActions';

describe('audit action names', () => {
  it('names every action of the contract in Chinese and English, never as its code, each name once', () => {
    const zh = new Set<string>();
    const en = new Set<string>();
    for (const action of AUDIT_ACTIONS) {
      const names = AUDIT_ACTION_NAMES[action];
      expect(names.zh, action).toMatch(/[\u4e00-\u9fff]/);
      expect(names.en, action).not.toMatch(/[\u4e00-\u9fff]/);
      expect(names.en, action).not.toBe(action);
      zh.add(names.zh);
      en.add(names.en);
    }
    expect(zh.size).toBe(AUDIT_ACTIONS.length);
    expect(en.size).toBe(AUDIT_ACTIONS.length);
  });

  it('answers in the console language and shows an unknown code as it is', () => {
    expect(auditActionName('player.freeze', 'zh-CN')).toBe('冻结玩家');
    expect(auditActionName('player.freeze', 'en')).toBe('Player frozen');
    expect(auditActionName('something.new', 'zh-CN')).toBe('something.new');
  });
});
