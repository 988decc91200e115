import type { AuditAction } from '@koi/contract';

/**
 * What each audit action is called in the console, in both languages. The log stores stable dotted codes
 * (contract `AUDIT_ACTIONS`); an operator reads the name, and the code stays beside it for searches and for
 * anyone comparing with the raw log. Typed by the contract's list, so a new action without names fails the
 * typecheck.
 */
export const AUDIT_ACTION_NAMES: Record<AuditAction, { zh: string; en: string }> = {
  'operator.login': { zh: '操作员登录', en: 'Operator sign-in' },
  'operator.logout': { zh: '操作员退出', en: 'Operator sign-out' },
  'operator.password_change': { zh: '修改密码', en: 'Password change' },
  'operator.session_revoke': { zh: '注销会话', en: 'Session revoked' },
  'operator.create': { zh: '创建操作员', en: 'Operator created' },
  'operator.enrol': { zh: '操作员开通', en: 'Operator enrolled' },
  'operator.role_change': { zh: '变更角色', en: 'Role changed' },
  'operator.disable': { zh: '停用操作员', en: 'Operator disabled' },
  'operator.enable': { zh: '启用操作员', en: 'Operator enabled' },
  'operator.reset': { zh: '重置操作员凭证', en: 'Operator credentials reset' },
  'permission.denied': { zh: '越权访问被拒', en: 'Permission denied' },
  'player.freeze': { zh: '冻结玩家', en: 'Player frozen' },
  'player.unfreeze': { zh: '解冻玩家', en: 'Player unfrozen' },
  'player.password_reset': { zh: '重置玩家密码', en: 'Player password reset' },
  'player.sign_in_link': { zh: '生成玩家登录链接', en: 'Player sign-in link' },
  'ledger.adjust': { zh: '申请调账', en: 'Adjustment requested' },
  'ledger.adjust_approve': { zh: '批准调账', en: 'Adjustment approved' },
  'ledger.adjust_reject': { zh: '驳回调账', en: 'Adjustment rejected' },
  'ledger.verify': { zh: '校验账本', en: 'Ledger verified' },
  'game.update': { zh: '修改游戏', en: 'Game updated' },
  'provider.update': { zh: '修改游戏厂商', en: 'Provider updated' },
  'config.update': { zh: '修改配置项', en: 'Config updated' },
  'banner.create': { zh: '新增轮播图', en: 'Banner created' },
  'banner.update': { zh: '修改轮播图', en: 'Banner updated' },
  'banner.delete': { zh: '删除轮播图', en: 'Banner deleted' },
  'upload.create': { zh: '上传图片', en: 'Image uploaded' },
  'deposit.match': { zh: '匹配充值', en: 'Deposit matched' },
  'deposit.approve': { zh: '批准充值匹配', en: 'Deposit match approved' },
  'deposit.reject': { zh: '驳回充值匹配', en: 'Deposit match rejected' },
  'deposit.refund': { zh: '退回充值', en: 'Deposit refunded' },
  'deposit.ignore': { zh: '忽略充值', en: 'Deposit ignored' },
  'deposit.address_add': { zh: '新增收款地址', en: 'Receiving address added' },
  'deposit.address_enable': { zh: '启用收款地址', en: 'Receiving address enabled' },
  'deposit.address_disable': { zh: '停用收款地址', en: 'Receiving address disabled' },
  'channel.update': { zh: '修改支付通道', en: 'Payment channel updated' },
  'withdrawal.approve': { zh: '批准提现', en: 'Withdrawal approved' },
  'withdrawal.reject': { zh: '驳回提现', en: 'Withdrawal rejected' },
  'withdrawal.pay': { zh: '提现出款', en: 'Withdrawal paid out' },
  'withdrawal.payout_alert': { zh: '出款结果不明告警', en: 'Unclear payout alert' },
  'withdrawal.settle_propose': { zh: '提交出款处理方案', en: 'Payout settlement proposed' },
  'withdrawal.settle_confirm': { zh: '复核确认出款处理', en: 'Payout settlement confirmed' },
  'withdrawal.settle_cancel': { zh: '撤销出款处理方案', en: 'Payout settlement withdrawn' },
  'withdrawal.method_update': { zh: '修改出款方式', en: 'Payout method updated' },
  'promotion.create': { zh: '新建活动', en: 'Promotion created' },
  'promotion.update': { zh: '修改活动', en: 'Promotion edited' },
  'promotion.status': { zh: '变更活动状态', en: 'Promotion status changed' },
  'promotion.flag': { zh: '禁止玩家参加活动', en: 'Player barred from promotions' },
  'promotion.unflag': { zh: '解除活动限制', en: 'Promotion bar lifted' },
};

/** The action's name in the console's language; a code this console does not know is shown as it is. */
export function auditActionName(code: string, language: string): string {
  const names = (AUDIT_ACTION_NAMES as Record<string, { zh: string; en: string }>)[code];
  if (!names) return code;
  return language === 'en' ? names.en : names.zh;
}
