import type { z } from 'zod';
import type {
  AdjustmentRow,
  AdminBanner,
  AdminChainTransfer,
  AdminDashboard,
  AdminDepositAddress,
  AdminDepositOrder,
  AdminGameRow,
  AdminMe,
  AdminOperator,
  AdminPlayerDetail,
  AdminPlayerRow,
  AdminProviderRow,
  AdminTransferRow,
  AdminUnmatched,
  AdminWatcherStatus,
  AuditEntry,
  OperatorRole,
  PermissionArea,
  PermissionLevel,
  adminChannelOrder,
  adminConfigItem,
  adminDepositAddressesResult,
  adminFreezeResult,
  adminPayChannel,
  adminLedgerVerifyResult,
  adminLoginResult,
  adminResetPasswordResult,
  adminSession,
  adminSignInLinkResult,
  adminSystemAccount,
  adminUploadResult,
  auditVerifyResult,
  adminEnrolInfoResult,
  adminEnrolResult,
  adminSetupInfoResult,
  adminSetupResult,
  adminRecoveryCodesResult,
  adminRecoveryCodesStatus,
  operatorEnrolment,
} from '@koi/contract';
import { http, type Params } from './http';

/**
 * Every console call, typed by the contract (`packages/contract/src/admin.ts`). The route list there is the
 * server's route table; nothing here invents an endpoint.
 */
export type Page<T> = { data: T[]; total: number };
export type LoginResult = z.infer<typeof adminLoginResult>;
export type AdminSession = z.infer<typeof adminSession>;
export type SystemAccount = z.infer<typeof adminSystemAccount>;
export type LedgerVerify = z.infer<typeof adminLedgerVerifyResult>;
export type AuditVerify = z.infer<typeof auditVerifyResult>;
export type OperatorEnrolment = z.infer<typeof operatorEnrolment>;
export type EnrolInfo = z.infer<typeof adminEnrolInfoResult>;
export type ConfigItem = z.infer<typeof adminConfigItem>;
export type UploadResult = z.infer<typeof adminUploadResult>;
export type AdminChannel = z.infer<typeof adminPayChannel>;
export type AdminChannelOrder = z.infer<typeof adminChannelOrder>;
export type ChannelChange = Partial<
  Pick<
    AdminChannel,
    'enabled' | 'name' | 'min_amount' | 'max_amount' | 'fee_fixed' | 'fee_rate' | 'rate' | 'sort'
  >
> & { reason: string };
export type Overrides = Partial<Record<PermissionArea, PermissionLevel>>;
export type DepositAddress = AdminDepositAddress;
export type DepositOrder = AdminDepositOrder;
export type ChainTransfer = AdminChainTransfer;
export type Unmatched = AdminUnmatched;
export type WatcherStatus = AdminWatcherStatus;
const D = '/api/admin/deposits';

const A = '/api/admin';

export const adminApi = {
  login: (
    body: { username: string; password: string; device?: string } & (
      { totp: string } | { recovery_code: string }
    ),
  ) => http.post<LoginResult>(`${A}/login`, body),
  recoveryCodes: () => http.get<z.infer<typeof adminRecoveryCodesStatus>>(`${A}/recovery-codes`),
  newRecoveryCodes: (password: string) =>
    http.post<z.infer<typeof adminRecoveryCodesResult>>(`${A}/recovery-codes`, { password }),
  changePassword: (body: { old_password: string; new_password: string }) =>
    http.post<true>(`${A}/password`, body),
  logout: () => http.post<true>(`${A}/logout`),
  me: () => http.get<AdminMe>(`${A}/me`),
  sessions: () => http.get<AdminSession[]>(`${A}/sessions`),
  revokeSession: (id: number) => http.post<true>(`${A}/sessions/${id}/revoke`),
  dashboard: () => http.get<AdminDashboard>(`${A}/dashboard`),

  operators: (params: Params) => http.get<Page<AdminOperator>>(`${A}/operators`, params),
  createOperator: (body: { username: string; role: OperatorRole; reason: string; permissions?: Overrides }) =>
    http.post<OperatorEnrolment>(`${A}/operators`, body),
  operatorRole: (id: number, body: { role: OperatorRole; reason: string; permissions?: Overrides }) =>
    http.post<AdminOperator>(`${A}/operators/${id}/role`, body),
  operatorStatus: (id: number, enable: boolean, reason: string) =>
    http.post<AdminOperator>(`${A}/operators/${id}/${enable ? 'enable' : 'disable'}`, { reason }),
  resetOperator: (id: number, reason: string) =>
    http.post<OperatorEnrolment>(`${A}/operators/${id}/reset`, { reason }),
  enrolInfo: (token: string) => http.post<EnrolInfo>(`${A}/enrol/info`, { token }),
  enrol: (body: { token: string; password: string; totp: string }) =>
    http.post<z.infer<typeof adminEnrolResult>>(`${A}/enrol`, body),
  setupInfo: (token: string) => http.post<z.infer<typeof adminSetupInfoResult>>(`${A}/setup/info`, { token }),
  setup: (body: { token: string; username: string; password: string; totp: string }) =>
    http.post<z.infer<typeof adminSetupResult>>(`${A}/setup`, body),

  audit: (params: Params) => http.get<Page<AuditEntry>>(`${A}/audit`, params),
  verifyAudit: () => http.post<AuditVerify>(`${A}/audit/verify`),

  players: (params: Params) => http.get<Page<AdminPlayerRow>>(`${A}/players`, params),
  player: (id: number) => http.get<AdminPlayerDetail>(`${A}/players/${id}`),
  freeze: (id: number, freeze: boolean, reason: string) =>
    http.post<z.infer<typeof adminFreezeResult>>(`${A}/players/${id}/${freeze ? 'freeze' : 'unfreeze'}`, {
      reason,
    }),
  signInLink: (id: number, reason: string) =>
    http.post<z.infer<typeof adminSignInLinkResult>>(`${A}/players/${id}/sign-in-link`, {
      reason,
    }),
  resetPlayerPassword: (id: number, reason: string) =>
    http.post<z.infer<typeof adminResetPasswordResult>>(`${A}/players/${id}/reset-password`, { reason }),
  adjust: (id: number, body: { amount: string; reason: string; request_id: string }) =>
    http.post<AdjustmentRow>(`${A}/players/${id}/adjust`, body),
  adjustments: (params: Params) => http.get<Page<AdjustmentRow>>(`${A}/adjustments`, params),
  decideAdjustment: (id: number, approve: boolean, reason: string) =>
    http.post<AdjustmentRow>(`${A}/adjustments/${id}/${approve ? 'approve' : 'reject'}`, { reason }),

  transfers: (params: Params) => http.get<Page<AdminTransferRow>>(`${A}/ledger/transfers`, params),
  systemAccounts: () => http.get<SystemAccount[]>(`${A}/ledger/system-accounts`),
  verifyLedger: () => http.post<LedgerVerify>(`${A}/ledger/verify`),

  games: (params: Params) => http.get<Page<AdminGameRow>>(`${A}/games`, params),
  updateGame: (
    id: number,
    body: {
      name_zh?: string;
      name_en?: string;
      enabled?: boolean;
      status?: number;
      is_hot?: boolean;
      sort?: number;
      reason?: string;
    },
  ) => http.post<AdminGameRow>(`${A}/games/${id}`, body),
  providers: () => http.get<AdminProviderRow[]>(`${A}/providers`),
  updateProvider: (
    id: number,
    body: { name?: string; name_en?: string; enabled?: boolean; sort?: number; reason?: string },
  ) => http.post<AdminProviderRow>(`${A}/providers/${id}`, body),

  configItems: () => http.get<ConfigItem[]>(`${A}/config-items`),
  updateConfigItem: (id: number, content: string) =>
    http.post<ConfigItem>(`${A}/config-items/${id}`, { content }),
  banners: () => http.get<AdminBanner[]>(`${A}/banners`),
  createBanner: (
    body: Omit<AdminBanner, 'id' | 'created_at' | 'activity_type'> & { activity_type?: number },
  ) => http.post<AdminBanner>(`${A}/banners`, body),
  updateBanner: (id: number, body: Partial<Omit<AdminBanner, 'id' | 'created_at'>>) =>
    http.post<AdminBanner>(`${A}/banners/${id}`, body),
  deleteBanner: (id: number) => http.post<true>(`${A}/banners/${id}/delete`),
  channels: () => http.get<Page<AdminChannel>>(`${A}/deposits/channels`),
  updateChannel: (id: number, body: ChannelChange) =>
    http.post<AdminChannel>(`${A}/deposits/channels/${id}`, body),
  channelOrders: (params: Params) =>
    http.get<Page<AdminChannelOrder>>(`${A}/deposits/channel-orders`, params),

  upload: (file: File) => {
    const form = new FormData();
    form.set('file', file);
    return http.post<UploadResult>(`${A}/uploads`, form);
  },

  depositAddresses: () => http.get<z.infer<typeof adminDepositAddressesResult>>(`${D}/addresses`),
  addDepositAddress: (body: { address: string; label: string; reason: string }) =>
    http.post<DepositAddress>(`${D}/addresses`, body),
  depositAddressStatus: (id: number, enable: boolean, reason: string) =>
    http.post<DepositAddress>(`${D}/addresses/${id}/${enable ? 'enable' : 'disable'}`, { reason }),
  depositOrders: (params: Params) => http.get<Page<DepositOrder>>(`${D}/orders`, params),
  chainTransfers: (params: Params) => http.get<Page<ChainTransfer>>(`${D}/transfers`, params),
  unmatched: (params: Params) => http.get<Page<Unmatched>>(`${D}/unmatched`, params),
  matchUnmatched: (id: number, body: { player_id: number; reason: string }) =>
    http.post<Unmatched>(`${D}/unmatched/${id}/match`, body),
  decideUnmatched: (id: number, verb: 'approve' | 'reject' | 'ignore', reason: string) =>
    http.post<Unmatched>(`${D}/unmatched/${id}/${verb}`, { reason }),
  refundUnmatched: (id: number, body: { reference: string; reason: string }) =>
    http.post<Unmatched>(`${D}/unmatched/${id}/refund`, body),
  watcher: () => http.get<WatcherStatus>(`${D}/watcher`),
};
