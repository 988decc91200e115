/**
 * The one catalogue of error codes. Every failure the server reports carries one of these codes; the
 * user-facing text comes from here (zh-CN by default, English when the request prefers it), so the same
 * failure always reads the same way wherever it is raised.
 *
 * `http` is the HTTP status the server answers with. Business-rule failures answer HTTP 200 with a non-200
 * `code` (decision 5) so the client toasts `error.message`; protocol failures use the matching HTTP status.
 * Messages may hold `{name}` placeholders filled from the error's params.
 */
// One entry a line, so the catalogue reads as a table: prettier would break the longer ones over six.
// prettier-ignore
export const ERRORS = {
  // Protocol-level failures (HTTP status = code).
  BAD_REQUEST: { code: 400, http: 400, zh: '请求参数错误：{detail}', en: 'Invalid request: {detail}' },
  UNAUTHORIZED: { code: 401, http: 401, zh: '未授权，请登录', en: 'Not signed in, please log in' },
  // A session of a frozen player: signed out like any 401, with the reason, so the player is not left guessing.
  SESSION_FROZEN: { code: 401, http: 401, zh: '账号已冻结，已退出登录，如有疑问请联系客服', en: 'Your account is frozen and you have been signed out; please contact support' },
  FORBIDDEN: { code: 403, http: 403, zh: '拒绝访问', en: 'Access denied' },
  NOT_FOUND: { code: 404, http: 404, zh: '请求地址出错：{url}', en: 'No such address: {url}' },
  METHOD_NOT_ALLOWED: { code: 405, http: 405, zh: '请求方法不允许', en: 'Method not allowed' },
  // Raised before a route runs, by the router or by Node's HTTP parser; answered in the envelope all the same.
  BAD_URL: { code: 400, http: 400, zh: '请求地址格式不正确', en: 'Malformed request address' },
  MALFORMED_REQUEST: { code: 400, http: 400, zh: '请求格式不正确', en: 'Malformed request' },
  REQUEST_TIMEOUT: { code: 408, http: 408, zh: '请求超时，请重试', en: 'Request timed out, please try again' },
  URI_TOO_LONG: { code: 414, http: 414, zh: '请求地址过长', en: 'Request address too long' },
  HEADERS_TOO_LARGE: { code: 431, http: 431, zh: '请求头过大', en: 'Request headers too large' },
  PAYLOAD_TOO_LARGE: { code: 413, http: 413, zh: '请求内容过大', en: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, http: 415, zh: '不支持的请求格式，请使用表单或JSON', en: 'Unsupported content type; use a form or JSON' },
  RATE_LIMITED: { code: 429, http: 429, zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  INTERNAL: { code: 500, http: 500, zh: '服务器繁忙，请稍后再试', en: 'Server busy, please try again later' },
  UNAVAILABLE: { code: 503, http: 503, zh: '服务不可用', en: 'Service unavailable' },

  // Accounts and sign-in (spec §5, decisions 10, 11, 18).
  PASSWORD_MISMATCH: { code: 1001, http: 200, zh: '密码不一致', en: 'Passwords do not match' },
  FIELDS_MISSING: { code: 1002, http: 200, zh: '有未填选项', en: 'Please fill in every field' },
  USERNAME_FORMAT: { code: 1003, http: 200, zh: '用户名须为8-20位字母、数字或下划线', en: 'Username must be 8-20 letters, digits or underscores' },
  PASSWORD_FORMAT: { code: 1004, http: 200, zh: '密码须为6-20位', en: 'Password must be 6-20 characters' },
  CAPTCHA_INVALID: { code: 1005, http: 200, zh: '验证码错误或已过期，请重新输入', en: 'Wrong or expired captcha, please try again' },
  USERNAME_TAKEN: { code: 1006, http: 200, zh: '用户名已被注册', en: 'This username is already taken' },
  INVITE_CODE_INVALID: { code: 1007, http: 200, zh: '邀请码不存在', en: 'Invitation code not found' },
  AGE_NOT_CONFIRMED: { code: 1008, http: 200, zh: '请确认您已年满18周岁', en: 'Please confirm that you are 18 or older' },
  LOGIN_FAILED: { code: 1009, http: 200, zh: '用户名或密码错误', en: 'Wrong username or password' },
  ACCOUNT_LOCKED: { code: 1010, http: 200, zh: '密码错误次数过多，账户已锁定，请{minutes}分钟后再试', en: 'Too many wrong passwords; the account is locked, try again in {minutes} minutes' },
  SIGN_IN_SOURCE_LOCKED: { code: 1014, http: 200, zh: '登录失败次数过多，请{minutes}分钟后再试', en: 'Too many failed sign-ins, try again in {minutes} minutes' },
  ACCOUNT_FROZEN: { code: 1011, http: 200, zh: '账户已被冻结，请联系客服', en: 'Account frozen, please contact support' },
  SELF_EXCLUDED: { code: 1012, http: 200, zh: '您已申请自我限制，限制期内无法使用该功能', en: 'You are self-excluded and cannot use this until the period ends' },
  REGION_BLOCKED: { code: 1013, http: 200, zh: '您所在的地区暂不提供服务', en: 'The service is not available in your region' },
  // Sign-in links (decision 31): one-time codes.
  SIGN_IN_LINK_INVALID: { code: 1050, http: 200, zh: '登录链接无效或已过期，请重新登录', en: 'This sign-in link is invalid or has expired; please sign in again' },
  // The security centre: login password change, sessions, responsible gambling.
  LOGIN_PASSWORD_WRONG: { code: 1030, http: 200, zh: '原登录密码错误', en: 'The current login password is wrong' },
  LOGIN_PASSWORD_SAME: { code: 1031, http: 200, zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },
  SESSION_NOT_FOUND: { code: 1032, http: 200, zh: '该登录设备不存在或已退出', en: 'That session does not exist or has already ended' },
  SESSION_IS_CURRENT: { code: 1033, http: 200, zh: '不能在此结束当前设备，请使用退出登录', en: 'This is the current session; use sign out instead' },
  LOGIN_PASSWORD_LOCKED: { code: 1035, http: 200, zh: '原密码错误次数过多，请{minutes}分钟后再试', en: 'Too many wrong current passwords, try again in {minutes} minutes' },
  REALITY_CHECK_INVALID: { code: 1034, http: 200, zh: '提醒间隔须为{allowed}分钟之一', en: 'The reminder interval must be one of {allowed} minutes' },

  // Money and the wallet.
  AMOUNT_INVALID: { code: 2001, http: 200, zh: '金额格式不正确：{reason}', en: 'Invalid amount: {reason}' },
  INSUFFICIENT_BALANCE: { code: 2002, http: 200, zh: '余额不足', en: 'Insufficient balance' },
  IDEMPOTENCY_CONFLICT: { code: 2003, http: 200, zh: '重复的请求编号与原请求内容不一致', en: 'This request id was already used with different content' },
  TRANSFER_NOT_FOUND: { code: 2004, http: 200, zh: '交易不存在', en: 'Transfer not found' },
  TRANSFER_ALREADY_RESOLVED: { code: 2005, http: 200, zh: '该笔冻结交易已处理', en: 'This pending transfer was already resolved' },
  ACCOUNT_NOT_FOUND: { code: 2006, http: 200, zh: '账户不存在', en: 'Account not found' },
  PLAYER_NOT_FOUND: { code: 2007, http: 200, zh: '玩家不存在', en: 'Player not found' },
  TRANSFER_NOT_PENDING: { code: 2008, http: 200, zh: '该交易不是冻结交易', en: 'This transfer is not a pending transfer' },
  ACCOUNT_LIMIT_EXCEEDED: { code: 2009, http: 200, zh: '超出账户限额', en: 'The account limit does not allow this amount' },

  // Games (spec §8 game toasts).
  GAME_NOT_FOUND: { code: 3001, http: 200, zh: '游戏不存在', en: 'Game not found' },
  GAME_MAINTENANCE: { code: 3002, http: 200, zh: '正在维护，请选择其他游戏', en: 'Under maintenance, please pick another game' },
  GAME_COMING_SOON: { code: 3003, http: 200, zh: '即将上线，请选择其他游戏', en: 'Coming soon, please pick another game' },
  GAME_STAY_TUNED: { code: 3004, http: 200, zh: '敬请期待，请选择其他游戏', en: 'Stay tuned, please pick another game' },
  GAME_UNAVAILABLE: { code: 3005, http: 200, zh: '请选择其他游戏', en: 'Please pick another game' },
  PROVIDER_UNAVAILABLE: { code: 3006, http: 200, zh: '游戏厂商暂时无法连接，请稍后再试', en: 'The game provider cannot be reached, please try again later' },

  // Originals.
  ORIGINAL_PARAMS_INVALID: { code: 3101, http: 200, zh: '下注参数不正确：{reason}', en: 'Invalid bet: {reason}' },
  BET_AMOUNT_OUT_OF_RANGE: { code: 3102, http: 200, zh: '单注金额须在 {min} 至 {max} USDT 之间', en: 'A bet must be between {min} and {max} USDT' },

  // Operators, the console and the audit log.
  OPERATOR_LOGIN_FAILED: { code: 6001, http: 200, zh: '用户名、密码或动态验证码错误', en: 'Wrong username, password or authenticator code' },
  OPERATOR_LOCKED: { code: 6002, http: 200, zh: '错误次数过多，账户已锁定，请{minutes}分钟后再试', en: 'Too many failures; the account is locked, try again in {minutes} minutes' },
  OPERATOR_TOTP_REUSED: { code: 6003, http: 200, zh: '该动态验证码已使用，请等待下一个验证码', en: 'This authenticator code was already used; wait for the next one' },
  OPERATOR_PASSWORD_CHANGE_REQUIRED: { code: 6004, http: 403, zh: '首次登录须先修改密码', en: 'You must change your password before continuing' },
  OPERATOR_PERMISSION_DENIED: { code: 6005, http: 403, zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  OPERATOR_PASSWORD_FORMAT: { code: 6006, http: 200, zh: '新密码须为12-128位，且不能与旧密码相同', en: 'The new password must be 12-128 characters and differ from the old one' },
  OPERATOR_PASSWORD_WRONG: { code: 6007, http: 200, zh: '原密码错误', en: 'The current password is wrong' },
  OPERATOR_USERNAME_FORMAT: { code: 6008, http: 200, zh: '操作员用户名须为3-32位字母、数字、点、横线或下划线', en: 'Operator usernames are 3-32 letters, digits, dots, dashes or underscores' },
  OPERATOR_USERNAME_TAKEN: { code: 6009, http: 200, zh: '操作员用户名已存在', en: 'This operator username is taken' },
  OPERATOR_NOT_FOUND: { code: 6010, http: 200, zh: '操作员不存在', en: 'Operator not found' },
  OPERATOR_LAST_ADMIN: { code: 6011, http: 200, zh: '不能停用或降级最后一个管理员', en: 'The last active admin cannot be disabled or demoted' },
  OPERATOR_GRANT_EXCEEDS: { code: 6012, http: 200, zh: '不能授予超过自身的权限：{area}', en: 'You cannot grant more than you hold: {area}' },
  OPERATOR_SESSION_NOT_FOUND: { code: 6013, http: 200, zh: '会话不存在', en: 'Session not found' },
  ADJUSTMENT_NOT_FOUND: { code: 6014, http: 200, zh: '调账申请不存在', en: 'Adjustment request not found' },
  ADJUSTMENT_NOT_PENDING: { code: 6015, http: 200, zh: '该调账申请已处理', en: 'This adjustment request was already decided' },
  ADJUSTMENT_SELF_APPROVAL: { code: 6016, http: 200, zh: '不能审批自己提交的调账，须由另一位操作员审批', en: 'You cannot approve your own adjustment; another operator must' },
  UPLOAD_TYPE: { code: 6017, http: 200, zh: '只支持 PNG、JPEG、WebP、GIF 图片', en: 'Only PNG, JPEG, WebP or GIF images are accepted' },
  UPLOAD_TOO_LARGE: { code: 6018, http: 200, zh: '图片不能超过{mb}MB', en: 'Images may be at most {mb} MB' },
  /** The console was asked for a sign-in link of a frozen player (the link could not be used). */
  SIGN_IN_LINK_PLAYER_FROZEN: { code: 1060, http: 200, zh: '玩家已被冻结，不能生成登录链接', en: 'The player is frozen; no sign-in link can be made' },
  PLAYER_STATUS_UNCHANGED: { code: 6019, http: 200, zh: '玩家已是该状态', en: 'The player already has this status' },
  BANNER_NOT_FOUND: { code: 6020, http: 200, zh: '横幅不存在', en: 'Banner not found' },
  PROVIDER_NOT_FOUND: { code: 6021, http: 200, zh: '游戏厂商不存在', en: 'Provider not found' },
  OPERATOR_ADMIN_OVERRIDES: { code: 6022, http: 200, zh: '管理员角色拥有全部权限，不能设置单项权限', en: 'The admin role holds every permission; it takes no overrides' },
  OPERATOR_SELF_CHANGE: { code: 6023, http: 200, zh: '不能修改自己的角色或状态', en: 'You cannot change your own role or status' },
  OPERATOR_DISABLED: { code: 6024, http: 200, zh: '操作员账户已停用', en: 'This operator account is disabled' },
  // Separation of duties (decision 33).
  OPERATOR_ENROLMENT_INVALID: { code: 6101, http: 200, zh: '开通链接无效、已使用或已过期，请联系管理员重新生成', en: 'This enrolment link is invalid, used or expired; ask an admin for a new one' },
  OPERATOR_ENROL_TOTP: { code: 6102, http: 200, zh: '动态验证码错误，请确认已将密钥添加到验证器应用后输入当前验证码', en: 'Wrong authenticator code; add the secret to your authenticator app and enter its current code' },
  OPERATOR_SETUP_INVALID: { code: 6120, http: 200, zh: '初始设置链接无效、已使用或已过期；如尚无操作员，重启服务器会生成新链接', en: 'This setup link is invalid, used or expired; if no operator exists yet, restarting the server prints a new one' },
  DUTY_ADJUST_DAILY_LIMIT: { code: 6103, http: 200, zh: '超出您今日（UTC+8）的调账额度：合计不超过{max} USDT，今日已用{used} USDT', en: 'Above your daily adjustment allowance (UTC+8): at most {max} USDT in total, {used} USDT used today' },
  DUTY_APPROVE_DAILY_LIMIT: { code: 6104, http: 200, zh: '超出您今日（UTC+8）的提现审批额度：合计不超过{max} USDT，今日已批准{used} USDT', en: 'Above your daily withdrawal approval allowance (UTC+8): at most {max} USDT in total, {used} USDT approved today' },
  DUTY_LINKED_PLAYER: { code: 6105, http: 200, zh: '该玩家账户与您本人关联（{link}），您不能处理其资金，请交由其他操作员', en: 'This player account is linked to you ({link}); another operator must decide on its money' },
  DUTY_RECENTLY_ADJUSTED: { code: 6106, http: 200, zh: '您在最近30天内为该玩家调过账，不能再处理其资金，请交由其他操作员', en: 'You adjusted this player in the last 30 days; another operator must decide on its money' },
  DUTY_ENROLLED_PAIR: { code: 6107, http: 200, zh: '复核人不能是7天内由第一位审批人创建、重置或重新开通的操作员（反之亦然），请由其他操作员复核', en: 'The second approver must not have been created, reset or re-enrolled by the first within 7 days (nor the other way round)' },

  // Withdrawals, addresses and the withdrawal password (spec §2, §5; decisions 10, 12, 22, 23).
  ADDRESS_TYPE_INVALID: { code: 5001, http: 200, zh: '地址类型不正确', en: 'Unknown address type' },
  ADDRESS_TRC20_INVALID: { code: 5002, http: 200, zh: '请输入有效的TRC20地址（T开头，34位，校验码正确）', en: 'Enter a valid TRC20 address (starting with T, 34 characters, valid checksum)' },
  ADDRESS_PHONE_INVALID: { code: 5003, http: 200, zh: '区号或手机号码不正确', en: 'Wrong area code or phone number' },
  ADDRESS_TEXT_INVALID: { code: 5004, http: 200, zh: '请输入钱包地址（1-{max}个字符）', en: 'Enter the wallet address (1-{max} characters)' },
  ADDRESS_DUPLICATE: { code: 5005, http: 200, zh: '不能重复添加', en: 'Cannot add a duplicate' },
  ADDRESS_LIMIT: { code: 5006, http: 200, zh: '最多只能添加{max}个提现地址', en: 'At most {max} withdrawal addresses' },
  ADDRESS_NOT_FOUND: { code: 5007, http: 200, zh: '提现地址不存在', en: 'Withdrawal address not found' },
  ADDRESS_SIMILAR: { code: 5008, http: 200, zh: '新地址 {address} 与您用过的地址 {similar} 首尾各4位相同，可能是诈骗者伪造的相似地址。请逐位核对，确认无误后勾选确认再添加', en: 'The new address {address} starts and ends like the address {similar} you used before; it may be a look-alike planted by a scammer. Check every character and confirm to add it' },
  ADDRESS_NOT_USABLE: { code: 5009, http: 200, zh: '新添加的地址需等待{minutes}分钟后才能用于提现', en: 'A newly added address can be used for withdrawals in {minutes} minutes' },
  WITHDRAW_PASSWORD_NOT_SET: { code: 5010, http: 200, zh: '请先设置提现密码', en: 'Please set a withdrawal password first' },
  WITHDRAW_PASSWORD_ALREADY_SET: { code: 5011, http: 200, zh: '提现密码已设置，请使用修改提现密码', en: 'A withdrawal password is already set; change it instead' },
  WITHDRAW_PASSWORD_FORMAT: { code: 5012, http: 200, zh: '提现密码须为8-20位', en: 'The withdrawal password must be 8-20 characters' },
  WITHDRAW_PASSWORD_WRONG: { code: 5013, http: 200, zh: '提现密码错误，还可尝试{left}次', en: 'Wrong withdrawal password, {left} attempts left' },
  WITHDRAW_LOCKED: { code: 5014, http: 200, zh: '提现密码错误次数过多，提现已锁定，请{minutes}分钟后再试', en: 'Too many wrong withdrawal passwords; withdrawals are locked, try again in {minutes} minutes' },
  WITHDRAW_PASSWORD_BUSY: { code: 5015, http: 200, zh: '提现密码正在验证中，请稍后再试', en: 'The withdrawal password is being checked, please try again shortly' },
  WITHDRAW_AMOUNT_BELOW_MIN: { code: 5016, http: 200, zh: '单笔提现金额不能低于{min} USDT', en: 'A withdrawal must be at least {min} USDT' },
  WITHDRAW_AMOUNT_ABOVE_MAX: { code: 5017, http: 200, zh: '单笔提现金额不能高于{max} USDT', en: 'A withdrawal must be at most {max} USDT' },
  WITHDRAW_DAILY_COUNT: { code: 5018, http: 200, zh: '今日提现次数已达上限（{max}次）', en: 'Daily withdrawal count reached ({max})' },
  WITHDRAW_DAILY_AMOUNT: { code: 5019, http: 200, zh: '超出每日提现额度（{max} USDT），今日还可提现{left} USDT', en: 'Above the daily withdrawal limit ({max} USDT); {left} USDT left today' },
  WITHDRAW_TURNOVER: { code: 5020, http: 200, zh: '还需完成{remaining} USDT有效投注（流水）才能提现', en: '{remaining} USDT of valid bets (turnover) still required before withdrawing' },
  WITHDRAW_INSUFFICIENT: { code: 5021, http: 200, zh: '余额不足：提现{amount} USDT需{total} USDT（含手续费{fee} USDT）', en: 'Insufficient balance: withdrawing {amount} USDT needs {total} USDT (fee {fee} USDT included)' },
  WITHDRAW_REQUEST_CONFLICT: { code: 5022, http: 200, zh: '该请求编号已用于另一笔提现申请', en: 'This request id was already used for a different withdrawal' },
  WITHDRAWAL_PLAYER_STANDING: { code: 5101, http: 200, zh: '玩家账户{standing}，提现已暂停：资金仍冻结在提现中，未退回；请先处理玩家账户状态，或拒绝该提现', en: 'The player is {standing}; the withdrawal is held: the money stays held, nothing is refunded; resolve the account first or reject the withdrawal' },
  WITHDRAWAL_NOT_FOUND: { code: 5023, http: 200, zh: '提现单不存在', en: 'Withdrawal not found' },
  WITHDRAWAL_STATE: { code: 5024, http: 200, zh: '提现单当前状态（{state}）不允许此操作', en: 'Not allowed while the withdrawal is {state}' },
  WITHDRAWAL_SECOND_APPROVER: { code: 5025, http: 200, zh: '大额提现需另一位操作员复核批准', en: 'A large withdrawal needs the approval of a second, different operator' },
  SETTLE_NOT_DUE: { code: 5040, http: 200, zh: '出款结果仍在自动核对中，告警后方可人工处理', en: 'The payout is still being checked with the rail; a person settles it only after the alert' },
  SETTLE_PROPOSAL_OPEN: { code: 5041, http: 200, zh: '已有待复核的处理方案，请由另一位操作员复核或先撤销', en: 'A settlement is already proposed; another operator confirms it, or withdraw it first' },
  SETTLE_NO_PROPOSAL: { code: 5042, http: 200, zh: '尚无待复核的处理方案', en: 'No settlement has been proposed' },
  SETTLE_SECOND_OPERATOR: { code: 5043, http: 200, zh: '处理方案须由另一位操作员复核确认', en: 'A settlement must be confirmed by a second, different operator' },
  SETTLE_TX_HASH_INVALID: { code: 5044, http: 200, zh: '链上交易哈希格式错误（应为64位十六进制）', en: 'Invalid chain transaction hash (64 hex digits)' },
  SETTLE_REFERENCE_INVALID: { code: 5045, http: 200, zh: '付款凭证号不能为空，最多{max}个字符，不能含控制字符', en: 'The payment reference is required, at most {max} characters, without control characters' },
  SETTLE_NOTE_REQUIRED: { code: 5046, http: 200, zh: '请填写核查说明（最多256字）', en: 'Describe what was checked (at most 256 characters)' },
  SETTLE_TX_HASH_USED: { code: 5050, http: 200, zh: '该链上交易已用于另一笔提现，请核对交易哈希', en: 'This chain transaction already settles another withdrawal; check the hash' },
  ADDRESS_TYPE_DISABLED: { code: 5047, http: 200, zh: '该提现方式暂未开放', en: 'This payout method is not available' },
  PAYOUT_METHOD_TYPE: { code: 5048, http: 200, zh: '只能设置转账钱包（手机号）或其他钱包（类型2、3）的出款方式', en: 'Only the off-chain methods (types 2 and 3) can be configured' },
  PAYOUT_METHOD_NAME: { code: 5049, http: 200, zh: '显示名称须为1–{max}个字符，且不得使用受制裁机构的名称（如汇旺/Huione）', en: 'The display name must be 1–{max} characters and must not name a sanctioned institution (such as Huione)' },

  // Deposits and payment channels (decisions 13, 14, 18, 20).
  DEPOSIT_AMOUNT_TOO_LOW: { code: 4001, http: 200, zh: '最低充值金额为{min} USDT', en: 'The minimum deposit is {min} USDT' },
  DEPOSIT_AMOUNT_TOO_HIGH: { code: 4002, http: 200, zh: '单笔充值金额不能超过{max} USDT', en: 'A single deposit cannot exceed {max} USDT' },
  DEPOSIT_AMOUNT_PRECISION: { code: 4003, http: 200, zh: '充值金额最多保留4位小数', en: 'A deposit amount has at most 4 decimals' },
  DEPOSIT_TOO_MANY_OPEN: { code: 4004, http: 200, zh: '您已有{max}笔未完成的充值订单，请完成支付或等待订单过期后再试', en: 'You already have {max} open deposit orders; pay one or wait until they expire' },
  DEPOSIT_NO_ADDRESS: { code: 4005, http: 200, zh: '暂无可用的收款地址，请稍后再试', en: 'No receiving address is available right now, please try again later' },
  DEPOSIT_LIMIT_EXCEEDED: { code: 4006, http: 200, zh: '超出您设置的{period}充值限额，本期还可充值{left} USDT', en: 'This exceeds your {period} deposit limit; {left} USDT left in this period' },
  DEPOSIT_ORDER_NOT_FOUND: { code: 4007, http: 200, zh: '充值订单不存在', en: 'Deposit order not found' },
  DEPOSIT_LIMIT_INVALID: { code: 4008, http: 200, zh: '充值限额格式不正确：{reason}', en: 'Invalid deposit limit: {reason}' },
  CHANNEL_NOT_FOUND: { code: 4009, http: 200, zh: '支付通道不存在或已关闭', en: 'This payment channel does not exist or is closed' },
  CHANNEL_AMOUNT_OUT_OF_RANGE: { code: 4010, http: 200, zh: '该通道单笔金额须在{min}至{max} USDT之间', en: 'This channel takes between {min} and {max} USDT per payment' },
  CHANNEL_UNAVAILABLE: { code: 4011, http: 200, zh: '支付通道暂时无法连接，请稍后再试', en: 'The payment channel cannot be reached, please try again later' },
  TRON_ADDRESS_INVALID: { code: 4012, http: 200, zh: 'TRON地址格式不正确（T开头的34位地址）', en: 'Invalid TRON address (34 characters starting with T)' },
  DEPOSIT_ADDRESS_EXISTS: { code: 4013, http: 200, zh: '该收款地址已存在', en: 'This receiving address already exists' },
  UNMATCHED_NOT_FOUND: { code: 4014, http: 200, zh: '待处理到账记录不存在', en: 'Unmatched deposit not found' },
  UNMATCHED_ALREADY_RESOLVED: { code: 4015, http: 200, zh: '该到账记录已处理', en: 'This deposit was already resolved' },
  UNMATCHED_SECOND_OPERATOR: { code: 4016, http: 200, zh: '超过审批金额，须由另一位操作员批准', en: 'Above the approval amount a different operator must approve' },
  CHANNEL_NOTIFICATION_REFUSED: { code: 4017, http: 200, zh: '支付通知验证失败', en: 'The payment notification failed verification' },
  // The console's deposits area; codes after a gap so the channels work can grow 40xx.
  DEPOSIT_ADDRESS_NOT_FOUND: { code: 4040, http: 200, zh: '收款地址不存在', en: 'Receiving address not found' },
  UNMATCHED_AWAITING_APPROVAL: { code: 4041, http: 200, zh: '该到账记录正在等待另一位操作员复核，请先批准或驳回', en: 'This deposit is awaiting a second operator; approve or reject that first' },
  UNMATCHED_NOT_AWAITING: { code: 4042, http: 200, zh: '该到账记录没有待复核的匹配申请', en: 'This deposit has no match awaiting approval' },
  // An unmatched channel report whose order the channel path already credited.
  UNMATCHED_CHANNEL_CREDITED: { code: 4050, http: 200, zh: '该支付通道订单已由通道入账，不能再匹配；请忽略或退款此记录', en: 'The payment channel already credited this order; ignore or refund this entry instead' },
  CHANNEL_SETTINGS_INVALID: { code: 4030, http: 200, zh: '通道设置不正确：{reason}', en: 'Invalid channel settings: {reason}' },

  // Promotions: rule engine, claims, grants and bonus terms (7000–7499).
  PROMOTION_NOT_FOUND: { code: 7000, http: 200, zh: '活动不存在', en: 'Promotion not found' },
  PROMOTION_NOT_RUNNING: { code: 7001, http: 200, zh: '活动未开始或已结束', en: 'This promotion is not running' },
  PROMOTION_ALREADY_CLAIMED: { code: 7002, http: 200, zh: '本期奖励已领取', en: 'You already claimed this period\'s reward' },
  PROMOTION_NOT_REACHED: { code: 7003, http: 200, zh: '未达到领取条件：{detail}', en: 'Not reached yet: {detail}' },
  PROMOTION_BUDGET_EXHAUSTED: { code: 7004, http: 200, zh: '活动奖金已派完', en: 'This promotion\'s budget is used up' },
  PROMOTION_ACCOUNT_FROZEN: { code: 7005, http: 200, zh: '账户已冻结，不能领取活动奖励', en: 'Your account is frozen and cannot claim rewards' },
  PROMOTION_SELF_EXCLUDED: { code: 7006, http: 200, zh: '自我排除期间不能领取活动奖励', en: 'Rewards cannot be claimed during self-exclusion' },
  PROMOTION_PLAYER_FLAGGED: { code: 7007, http: 200, zh: '您的账户暂不能参加活动：{reason}', en: 'Your account cannot take part in promotions: {reason}' },
  PROMOTION_HOUSEHOLD_CLAIMED: { code: 7008, http: 200, zh: '同一家庭（关联账户）限领一次，关联账户已领取', en: 'Once per household: a linked account already claimed it' },
  PROMOTION_VIP_LEVEL: { code: 7009, http: 200, zh: '本活动限VIP{min}-{max}级参加', en: 'Only for VIP levels {min}-{max}' },
  PROMOTION_NEW_PLAYERS_ONLY: { code: 7010, http: 200, zh: '本活动限注册{days}天内的新玩家', en: 'Only for players who signed up in the last {days} days' },
  PROMOTION_INVITED_ONLY: { code: 7011, http: 200, zh: '本活动限受邀玩家参加', en: 'Only for invited players' },
  PROMOTION_NOT_CLAIMABLE: { code: 7012, http: 200, zh: '本活动无需领取，请查看活动说明', en: 'Nothing to claim here; see the promotion\'s description' },
  PROMOTION_RULES_INVALID: { code: 7013, http: 200, zh: '活动规则不正确：{reason}', en: 'Invalid promotion rules: {reason}' },
  PROMOTION_STATUS_INVALID: { code: 7014, http: 200, zh: '活动状态不能从{from}改为{to}', en: 'The promotion cannot go from {from} to {to}' },
  PROMOTION_NOTHING_TO_CLAIM: { code: 7015, http: 200, zh: '暂无可领取的奖励', en: 'Nothing to claim right now' },
  PROMOTION_CAP_REACHED: { code: 7016, http: 200, zh: '本期领取次数已用完', en: 'You have used every claim of this period' },
  BONUS_MAX_BET: { code: 7017, http: 200, zh: '红利流水未完成期间，单注最高{max} USDT', en: 'While a bonus\'s turnover is open, the largest bet is {max} USDT' },
  PROMOTION_PLAYER_NOT_FOUND: { code: 7018, http: 200, zh: '玩家不存在', en: 'Player not found' },
  BONUS_MAX_TRANSFER_IN: { code: 7019, http: 200, zh: '红利流水未完成期间单注最高{max} USDT，转入游戏会带入全部余额{amount} USDT，暂不能进入此游戏；请先在其他游戏完成流水', en: 'While a bonus\'s turnover is open the largest bet is {max} USDT, and this game would take your whole balance of {amount} USDT; finish the turnover in other games first' },
  PROMOTION_COUNTRY: { code: 7020, http: 200, zh: '本活动仅限以下国家或地区的玩家参加：{countries}', en: 'Only for players in: {countries}' },
  PROMOTION_COUNTRY_UNKNOWN: { code: 7021, http: 200, zh: '本活动仅限以下国家或地区的玩家参加：{countries}；您注册时的国家或地区未能确认', en: 'Only for players in: {countries}; the country you signed up from is not known' },
  // (end of block)

  // VIP levels, rebates and the masters tournament (7500–7999).
  VIP_REWARD_NOT_FOUND: { code: 7501, http: 200, zh: '该奖励不存在', en: 'No such reward' },
  VIP_REWARD_CLAIMED: { code: 7502, http: 200, zh: '该奖励已领取', en: 'This reward has already been claimed' },
  VIP_NOTHING_TO_CLAIM: { code: 7503, http: 200, zh: '暂无可领取的奖励', en: 'There is nothing to claim' },
  REBATE_NOT_FOUND: { code: 7510, http: 200, zh: '该返水记录不存在', en: 'No such rebate' },
  REBATE_CLAIMED: { code: 7511, http: 200, zh: '该返水已领取', en: 'This rebate has already been claimed' },
  REBATE_DAY_NOT_OVER: { code: 7512, http: 200, zh: '只能结算已结束的日期（北京时间），{day} 尚未结束', en: 'Only a finished day (UTC+8) can be settled; {day} is not over yet' },
  VIP_LEVELS_INVALID: { code: 7520, http: 200, zh: 'VIP等级设置不正确：{reason}', en: 'Invalid VIP levels: {reason}' },
  VIP_RATE_INVALID: { code: 7521, http: 200, zh: '返水比例不正确：{reason}', en: 'Invalid rebate rate: {reason}' },
  VIP_WEIGHT_INVALID: { code: 7522, http: 200, zh: '流水贡献比例须在0%至100%之间', en: 'A contribution weight must be between 0% and 100%' },
  TOURNAMENT_NOT_FOUND: { code: 7530, http: 200, zh: '该赛季不存在', en: 'No such tournament period' },
  TOURNAMENT_INVALID: { code: 7531, http: 200, zh: '赛季设置不正确：{reason}', en: 'Invalid tournament period: {reason}' },
  TOURNAMENT_OVERLAP: { code: 7532, http: 200, zh: '赛季时间与已有赛季重叠', en: 'The period overlaps an existing one' },
  TOURNAMENT_LOCKED: { code: 7533, http: 200, zh: '赛季已开始或已派奖，不能再修改奖金表', en: 'The period has started or been paid; its prize table can no longer change' },
  TOURNAMENT_NOT_OVER: { code: 7534, http: 200, zh: '赛季尚未结束，不能派奖', en: 'The period is not over; prizes cannot be paid yet' },
  VIP_CHECKED_IN: { code: 7540, http: 200, zh: '今日已签到，明天再来吧', en: 'You have already checked in today; come back tomorrow' },
  VIP_CHECK_IN_NONE: { code: 7541, http: 200, zh: 'VIP{level}暂无签到奖励，升级后即可签到领取', en: 'VIP {level} has no check-in reward; reach a higher level to check in' },
  // (end of block)

  // Invites and the agent programme (8000–8499).
  AGENT_DAY_INVALID: { code: 8001, http: 200, zh: '日期无效：{reason}', en: 'Invalid day: {reason}' },
  AGENT_DAY_NOT_OVER: { code: 8002, http: 200, zh: '该日尚未结束，不能结算', en: 'That day is not over yet and cannot be settled' },
  AGENT_STATEMENT_NOT_FOUND: { code: 8003, http: 200, zh: '该日没有佣金结算单', en: 'There is no commission statement for that day' },
  AGENT_TIERS_INVALID: { code: 8004, http: 200, zh: '佣金档位设置不正确：{reason}', en: 'Invalid tier table: {reason}' },
  AGENT_PLAYER_NOT_FOUND: { code: 8005, http: 200, zh: '玩家不存在：{name}', en: 'No such player: {name}' },
  AGENT_MOVE_CYCLE: { code: 8006, http: 200, zh: '不能把玩家调到自己或自己的下级之下', en: 'A player cannot be moved under themselves or their own team' },
  AGENT_MOVE_SAME: { code: 8007, http: 200, zh: '该玩家的上级已是此账户', en: 'The player already has that upline' },
  // (end of block)

  // Telegram sign-in and the bot (8500–8999).
  TELEGRAM_NOT_CONFIGURED: { code: 8500, http: 200, zh: '本平台暂未开通 Telegram 登录', en: 'Telegram sign-in is not available on this platform' },
  TELEGRAM_INIT_DATA_MISSING: { code: 8501, http: 200, zh: '没有收到 Telegram 登录数据，请在 Telegram 中通过机器人的按钮打开', en: 'No Telegram sign-in data arrived; open this from the bot’s button in Telegram' },
  TELEGRAM_INIT_DATA_INVALID: { code: 8502, http: 200, zh: 'Telegram 登录数据校验失败（签名不符，或不是本平台的机器人签发的），请在 Telegram 中重新打开', en: 'The Telegram sign-in data failed verification (a wrong signature, or not signed for this platform’s bot); open it again in Telegram' },
  TELEGRAM_INIT_DATA_EXPIRED: { code: 8503, http: 200, zh: 'Telegram 登录数据已超过{minutes}分钟，请在 Telegram 中重新打开', en: 'The Telegram sign-in data is older than {minutes} minutes; open it again in Telegram' },
  TELEGRAM_INIT_DATA_REPLAYED: { code: 8504, http: 200, zh: '这份 Telegram 登录数据已经使用过，请在 Telegram 中重新打开', en: 'This Telegram sign-in data was already used; open it again in Telegram' },
  TELEGRAM_AGE_REQUIRED: { code: 8505, http: 200, zh: '首次通过 Telegram 登录将为您创建账户，请确认您已年满18周岁', en: 'Signing in with Telegram for the first time creates your account; please confirm that you are 18 or older' },
  TELEGRAM_START_PAYLOAD_INVALID: { code: 8506, http: 200, zh: '邀请链接不正确：邀请码只能包含字母、数字、_ 和 -，最多64个字符', en: 'This invite link is malformed: an invite code has only letters, digits, _ and -, at most 64 characters' },
  TELEGRAM_START_INVITE_UNKNOWN: { code: 8507, http: 200, zh: '邀请码不存在，请向邀请人索取新的链接，或直接发送 /start 不带邀请码注册', en: 'This invite code does not exist; ask your inviter for a new link, or send /start alone to sign up without one' },
  // (end of block)

  // Red packets (9000–9499).
  RED_PACKET_ROOM_NOT_FOUND: { code: 9001, http: 200, zh: '红包房间不存在或已关闭', en: 'This red-packet room does not exist or is closed' },
  RED_PACKET_TOTAL_FORMAT: { code: 9002, http: 200, zh: '红包金额须为正数，最多两位小数', en: 'The total must be a positive amount with at most 2 decimals' },
  RED_PACKET_TOTAL_OUT_OF_RANGE: { code: 9003, http: 200, zh: '本房间红包金额须在{min}至{max} USDT之间', en: 'In this room a packet holds between {min} and {max} USDT' },
  RED_PACKET_SHARES_INVALID: { code: 9004, http: 200, zh: '本房间红包份数须为{min}至{max}之间的整数', en: 'In this room a packet has {min} to {max} shares' },
  RED_PACKET_MINE_DIGIT_INVALID: { code: 9005, http: 200, zh: '雷号须为1到9的一位数字，或不设雷', en: 'The mine digit is one digit from 1 to 9, or none' },
  RED_PACKET_CLIENT_SEED_INVALID: { code: 9006, http: 200, zh: '客户端种子须为1到64个可见字符', en: 'The client seed must be 1 to 64 visible characters' },
  RED_PACKET_SEND_INSUFFICIENT: { code: 9007, http: 200, zh: '余额不足：发送该红包需要{total} USDT', en: 'Insufficient balance: this packet needs {total} USDT' },
  RED_PACKET_REQUEST_CONFLICT: { code: 9008, http: 200, zh: '该请求编号已用于另一个不同的红包', en: 'This request id was already used for a different packet' },
  RED_PACKET_NOT_FOUND: { code: 9009, http: 200, zh: '红包不存在', en: 'Red packet not found' },
  RED_PACKET_CLOSED: { code: 9010, http: 200, zh: '红包已结束', en: 'This red packet has closed' },
  RED_PACKET_EXPIRED: { code: 9011, http: 200, zh: '红包已过期', en: 'This red packet has expired' },
  RED_PACKET_ALL_GRABBED: { code: 9012, http: 200, zh: '手慢了，红包已被抢完', en: 'Too late: every share has been taken' },
  RED_PACKET_OWN: { code: 9013, http: 200, zh: '不能抢自己发的红包', en: 'You cannot grab your own packet' },
  RED_PACKET_HOLD_INSUFFICIENT: { code: 9014, http: 200, zh: '余额不足：抢此红包需可用余额至少{amount} USDT（中雷时的赔付金额，红包结束前冻结）', en: 'Insufficient balance: grabbing this packet needs at least {amount} USDT available (the mine payment, held until the packet closes)' },
  RED_PACKET_REQUEST_ID_MISSING: { code: 9015, http: 200, zh: '请求编号不能为空', en: 'The request id must not be empty' },
  RED_PACKET_ROOM_INVALID: { code: 9050, http: 200, zh: '红包房间设置不正确：{reason}', en: 'Invalid red-packet room settings: {reason}' },
  // (end of block)

  // Community posts and buy links (9500–9999).
  POST_EMPTY: { code: 9500, http: 200, zh: '请输入动态内容', en: 'Please write something' },
  POST_TOO_LONG: { code: 9501, http: 200, zh: '动态内容不能超过{max}个字（当前{length}个）', en: 'A post has at most {max} characters ({length} now)' },
  POST_TOO_MANY_IMAGES: { code: 9502, http: 200, zh: '每条动态最多{max}张图片', en: 'A post has at most {max} images' },
  POST_IMAGE_TYPE: { code: 9503, http: 200, zh: '图片格式不支持，请上传 JPEG、PNG、WebP 或 GIF 图片', en: 'Unsupported image; upload a JPEG, PNG, WebP or GIF picture' },
  POST_IMAGE_TOO_LARGE: { code: 9504, http: 200, zh: '单张图片不能超过{mb}MB', en: 'Each image must be at most {mb} MB' },
  POST_IMAGE_BROKEN: { code: 9505, http: 200, zh: '图片已损坏或尺寸过大，无法读取', en: 'The image is damaged or too large to read' },
  POST_NOT_FOUND: { code: 9506, http: 200, zh: '动态不存在或已下架', en: 'This post does not exist or was taken down' },
  COMMUNITY_BANNED: { code: 9507, http: 200, zh: '您已被禁止在社区发言，如有疑问请联系客服', en: 'You are banned from posting in the community; contact support if you think this is wrong' },
  COMMENT_EMPTY: { code: 9508, http: 200, zh: '请输入评论内容', en: 'Please write a comment' },
  COMMENT_TOO_LONG: { code: 9509, http: 200, zh: '评论不能超过{max}个字（当前{length}个）', en: 'A comment has at most {max} characters ({length} now)' },
  COMMENT_NOT_FOUND: { code: 9510, http: 200, zh: '回复的评论不存在', en: 'The comment you reply to does not exist' },
  REPORT_REASON_INVALID: { code: 9511, http: 200, zh: '请填写举报理由（不超过{max}个字）', en: 'Please give a reason for the report (at most {max} characters)' },
  POST_NOT_PENDING: { code: 9512, http: 200, zh: '该动态已审核，当前状态：{status}', en: 'This post was already reviewed; it is now {status}' },
  REPORT_NOT_FOUND: { code: 9513, http: 200, zh: '举报不存在或已处理', en: 'This report does not exist or was already handled' },
  COMMUNITY_NOT_BANNED: { code: 9514, http: 200, zh: '该玩家未被禁言', en: 'This player is not banned' },
  PLAYER_NOT_FOUND_COMMUNITY: { code: 9515, http: 200, zh: '玩家不存在', en: 'No such player' },
  COMMUNITY_COMMENT_NOT_FOUND: { code: 9516, http: 200, zh: '评论不存在', en: 'No such comment' },
  COMMENT_ALREADY_HIDDEN: { code: 9517, http: 200, zh: '该评论已隐藏', en: 'This comment is already hidden' },
  COMMENT_NOT_HIDDEN: { code: 9518, http: 200, zh: '该评论未被隐藏，无需恢复', en: 'This comment is not hidden, so there is nothing to restore' },
  BUY_LINK_INVALID: { code: 9520, http: 200, zh: '购买渠道填写有误：{reason}', en: 'Invalid place to buy: {reason}' },
  BUY_LINK_NOT_FOUND: { code: 9521, http: 200, zh: '购买渠道不存在', en: 'Place to buy not found' },
  // (end of block)
} as const satisfies Record<string, { code: number; http: number; zh: string; en: string }>;

export type ErrorKey = keyof typeof ERRORS;
export type Locale = 'zh-CN' | 'en';

/**
 * A placeholder's value in both languages, for texts the server words itself (a reason, a period name): the
 * message is filled in the language of the request that receives it, not the one that happened to raise it.
 */
export interface LocalizedText {
  zh: string;
  en: string;
}

export type ErrorParam = string | number | LocalizedText;

/** Fills `{name}` placeholders; unknown placeholders are left visible rather than silently dropped. */
export function formatErrorMessage(
  key: ErrorKey,
  locale: Locale,
  params: Record<string, ErrorParam> = {},
): string {
  const entry = ERRORS[key];
  const template = locale === 'en' ? entry.en : entry.zh;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    const value = params[name]!;
    return typeof value === 'object' ? (locale === 'en' ? value.en : value.zh) : String(value);
  });
}
