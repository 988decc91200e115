import { describe, expect, it } from 'vitest';
import { body, createTestApp, signUp } from '../../../test/app';
import { createWalletService } from '../wallet/wallet.service';

describe('demo sign-up bonus', () => {
  it('credits nothing by default', async () => {
    const t = await createTestApp();
    try {
      const { auth } = await signUp(t.app);
      const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
      expect(body<{ balance: string }>(info).result.balance).toBe('0.0000');
    } finally {
      await t.close();
    }
  });

  it('credits the configured demo bonus through the ledger, once per player', async () => {
    const t = await createTestApp({ demoSignupBonus: '100' });
    try {
      const { auth } = await signUp(t.app);
      await signUp(t.app);
      const info = await t.app.inject({ method: 'POST', url: '/api/plat/info', headers: auth });
      expect(body<{ balance: string }>(info).result.balance).toBe('100.0000');
      expect(await createWalletService({ db: t.database.db, clock: t.clock }).verify()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
