import { create } from 'zustand';
import type { RechargeOrder } from './api/recharge';

/**
 * The player's open deposit order, kept while the app runs so the popup can be opened again from the
 * recharge screen (re-opening shows the open order). It is not persisted: the server also refuses
 * too many open orders, and after a reload the player simply creates a new one.
 */
export const useOpenOrderStore = create<{
  order: RechargeOrder | null;
  setOrder: (order: RechargeOrder | null) => void;
}>((set) => ({ order: null, setOrder: (order) => set({ order }) }));
