import type { TelegramBotConfig } from '../config';

/** A Telegram user as the Bot API shows one (the `User` object). */
export interface TgUser {
  id: number;
  is_bot: false;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface InlineButton {
  text: string;
  url?: string;
  web_app?: { url: string };
  callback_data?: string;
}

/** One message of a private chat between a sandbox user and a bot, as the chat page shows it. */
export interface ChatMessage {
  message_id: number;
  /** Who wrote it: the user, or the bot (through sendMessage). */
  from: 'user' | 'bot';
  date: number;
  text: string;
  reply_markup?: { inline_keyboard: InlineButton[][] };
}

export interface Delivery {
  update_id: number;
  attempt: number;
  status: number | null;
  error: string | null;
  at: number;
}

export interface Webhook {
  url: string;
  secretToken: string | null;
  allowedUpdates: string[] | null;
  maxConnections: number;
}

/** One bot's side of the Bot API: its webhook, the updates not yet delivered, and what was delivered. */
export interface BotState {
  config: TelegramBotConfig;
  id: number;
  webhook: Webhook | null;
  /** Updates waiting for getUpdates or for the webhook, oldest first. */
  pending: Record<string, unknown>[];
  nextUpdateId: number;
  deliveries: Delivery[];
  lastError: { date: number; message: string } | null;
  /** Chats by user id: the users who pressed Start, with every message both ways. */
  chats: Map<number, ChatMessage[]>;
  /** Wakes long-polling getUpdates calls when an update arrives. */
  waiters: Set<() => void>;
  /** Whether a webhook delivery is under way or scheduled (one at a time, in order, as Telegram does). */
  pumping: boolean;
}

/** The users every sandbox starts with, so the chat page has someone to pick at once. */
export const DEFAULT_USERS: TgUser[] = [
  { id: 7_000_000_001, is_bot: false, first_name: '李雷', username: 'li_lei', language_code: 'zh-hans' },
  {
    id: 7_000_000_002,
    is_bot: false,
    first_name: '韩梅梅',
    username: 'han_meimei',
    language_code: 'zh-hans',
  },
  {
    id: 7_000_000_003,
    is_bot: false,
    first_name: 'Alice',
    last_name: 'Smith',
    username: 'alice_tg',
    language_code: 'en',
  },
];

/**
 * The sandbox's Telegram, kept in memory (a restart forgets chats, webhooks and users it made, as if the
 * test had begun again; Koi sets its webhook again on its own).
 */
export function createTelegramStore(bots: TelegramBotConfig[]) {
  const users = new Map<number, TgUser>();
  let nextUserId = 7_000_000_100;
  const botStates = new Map<string, BotState>();

  function reset() {
    users.clear();
    for (const u of DEFAULT_USERS) users.set(u.id, { ...u });
    nextUserId = 7_000_000_100;
    botStates.clear();
    for (const config of bots)
      botStates.set(config.token, {
        config,
        id: Number(config.token.split(':')[0]),
        webhook: null,
        pending: [],
        nextUpdateId: 100_000_001,
        deliveries: [],
        lastError: null,
        chats: new Map(),
        waiters: new Set(),
        pumping: false,
      });
  }
  reset();

  return {
    reset,
    byToken: (token: string) => botStates.get(token) ?? null,
    byUsername: (username: string) =>
      [...botStates.values()].find((b) => b.config.username.toLowerCase() === username.toLowerCase()) ?? null,
    bots: () => [...botStates.values()],
    users: () => [...users.values()],
    user: (id: number) => users.get(id) ?? null,
    addUser(fields: Omit<TgUser, 'id' | 'is_bot'>): TgUser {
      const user: TgUser = { id: nextUserId++, is_bot: false, ...fields };
      users.set(user.id, user);
      return user;
    },
    /**
     * Adds a message, numbered after the last, to the chat of a user with a bot (created when the user first
     * writes); returns it.
     */
    post(
      bot: BotState,
      userId: number,
      from: ChatMessage['from'],
      text: string,
      markup?: ChatMessage['reply_markup'],
    ): ChatMessage {
      let chat = bot.chats.get(userId);
      if (!chat) {
        chat = [];
        bot.chats.set(userId, chat);
      }
      const message: ChatMessage = {
        message_id: chat.length + 1,
        from,
        date: Math.floor(Date.now() / 1000),
        text,
        ...(markup ? { reply_markup: markup } : {}),
      };
      chat.push(message);
      return message;
    },
  };
}

export type TelegramStore = ReturnType<typeof createTelegramStore>;
