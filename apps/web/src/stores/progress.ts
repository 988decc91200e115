import { create } from 'zustand';

/** Counts running requests and navigations; the top progress bar shows while the count is above zero. */
type ProgressState = { active: number; start: () => void; done: () => void };

export const useProgressStore = create<ProgressState>((set) => ({
  active: 0,
  start: () => set((s) => ({ active: s.active + 1 })),
  done: () => set((s) => ({ active: Math.max(0, s.active - 1) })),
}));
