import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertNew } from '../../db/rows';
import { telegramAccounts, telegramInitDataUses } from './telegram.schema';

/** SQL of the Telegram module: linked Telegram users and the launch data already used. */
export function createTelegramRepository(db: DbOrTx) {
  return {
    async linkOf(telegramUserId: number) {
      const rows = await db
        .select({ playerId: telegramAccounts.playerId })
        .from(telegramAccounts)
        .where(eq(telegramAccounts.telegramUserId, telegramUserId))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertLink(row: typeof telegramAccounts.$inferInsert) {
      await db.insert(telegramAccounts).values(row);
    },

    async touchLink(
      telegramUserId: number,
      fields: { telegramUsername: string | null; firstName: string; at: Date },
    ) {
      await db
        .update(telegramAccounts)
        .set({
          telegramUsername: fields.telegramUsername,
          firstName: fields.firstName,
          lastSignInAt: fields.at,
        })
        .where(eq(telegramAccounts.telegramUserId, telegramUserId));
    },

    /**
     * Records a launch data's hash as used; false when it was used before. The primary key decides, so of any
     * number of concurrent requests with one launch data exactly one gets true.
     */
    useHash: (row: typeof telegramInitDataUses.$inferInsert): Promise<boolean> =>
      insertNew(db, telegramInitDataUses, row),

    async pruneUsesBefore(authDate: Date): Promise<number> {
      const rows = await db
        .delete(telegramInitDataUses)
        .where(lt(telegramInitDataUses.authDate, authDate))
        .returning({ hash: telegramInitDataUses.hash });
      return rows.length;
    },
  };
}

export type TelegramRepository = ReturnType<typeof createTelegramRepository>;
