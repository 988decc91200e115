/** The Telegram Mini App entry's strings (zh-CN default, en), merged into the later screens' translations. */
export const zh = {
  telegram: {
    title: 'Telegram 登录',
    signingIn: '正在通过 Telegram 登录…',
    greeting: '{{name}}，欢迎来到 Koi',
    firstTime: '首次通过 Telegram 登录将为您创建 Koi 账户。',
    invitedBy: '邀请码：{{code}}',
    age: '我已年满18周岁，并同意平台的用户协议',
    ageNeeded: '请先确认您已年满18周岁',
    create: '创建账户并登录',
    notFromTelegram: '没有收到 Telegram 登录数据。请在 Telegram 中点机器人的“打开 Koi”按钮进入。',
    reopen: '请回到 Telegram，再点一次机器人的“打开 Koi”按钮。',
    home: '返回首页',
  },
};

export const en: typeof zh = {
  telegram: {
    title: 'Sign in with Telegram',
    signingIn: 'Signing in with Telegram…',
    greeting: '{{name}}, welcome to Koi',
    firstTime: 'Signing in with Telegram for the first time creates your Koi account.',
    invitedBy: 'Invite code: {{code}}',
    age: 'I am 18 or older and accept the terms of use',
    ageNeeded: 'Please confirm that you are 18 or older first',
    create: 'Create my account and sign in',
    notFromTelegram:
      'No Telegram sign-in data arrived. Open Koi from the bot’s “Open Koi” button in Telegram.',
    reopen: 'Go back to Telegram and tap the bot’s “Open Koi” button again.',
    home: 'Go to the home page',
  },
};
