import { create } from 'zustand';
import type { InviteResult } from '@koi/contract';

/**
 * The invite state (spec §3/§4): the player's links and QR codes, loaded after sign-in, and whether the invite
 * dialog is shown. Kept tiny and free of other imports: the home page, the drawer and the personal centre set
 * `showInvite`, and the dialog's own code loads only when it first opens.
 */
type InviteState = {
  links: InviteResult | null;
  showInvite: boolean;
  setLinks: (links: InviteResult | null) => void;
  setShowInvite: (show: boolean) => void;
};

export const useInviteStore = create<InviteState>((set) => ({
  links: null,
  showInvite: false,
  setLinks: (links) => set({ links }),
  setShowInvite: (showInvite) => set({ showInvite }),
}));
