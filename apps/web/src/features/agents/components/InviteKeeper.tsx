import { useEffect } from 'react';
import { useInviteQuery } from '../api/invite';
import { useInviteStore } from '../inviteStore';

/**
 * Spec §4: with a token, the invite links are fetched and kept in the invite state. Mounted by the frame while
 * signed in, after the first screen; signing out unmounts it and clears the links.
 */
export default function InviteKeeper() {
  const { data } = useInviteQuery();
  const setLinks = useInviteStore((s) => s.setLinks);
  useEffect(() => {
    setLinks(data ?? null);
  }, [data, setLinks]);
  useEffect(() => () => setLinks(null), [setLinks]);
  return null;
}
