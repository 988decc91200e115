import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { createQueryClient } from './query';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('the query client and the language', () => {
  it('asks again for what it holds when the player switches language, not when the language it asked in is announced', async () => {
    await i18n.changeLanguage('zh-CN');
    const client = createQueryClient();
    client.setQueryData(['plat', 'game-type'], ['热门']);
    const invalidated = () => client.getQueryState(['plat', 'game-type'])?.isInvalidated;

    // i18next announcing the language already in effect (as it does when a lazily loaded one arrives).
    i18n.emit('languageChanged', 'zh-CN');
    expect(invalidated()).toBe(false);

    await i18n.changeLanguage('en');
    expect(invalidated()).toBe(true);

    // Back again is a switch too.
    client.setQueryData(['plat', 'game-type'], ['Hot']);
    await i18n.changeLanguage('zh-CN');
    expect(invalidated()).toBe(true);
  });
});
