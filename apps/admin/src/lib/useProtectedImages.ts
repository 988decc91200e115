import { useEffect, useState } from 'react';
import { protectedImageUrl, requestHeaders } from '@koi/contract/client';
import i18n from '../i18n';
import { getToken } from './session';

/**
 * Pictures the server shows only to an operator with the right permission (community post images, which
 * `/api/admin/community/images` answers from the bearer token): fetched with the session and answered as object
 * URLs in the order given, undefined until one has loaded or when the server refuses it.
 */
export function useProtectedImages(urls: string[]): (string | undefined)[] {
  const [loaded, setLoaded] = useState<Record<string, string>>({});
  const key = urls.join('\n');
  useEffect(() => {
    let live = true;
    for (const url of key ? key.split('\n') : []) {
      protectedImageUrl(url, requestHeaders(i18n.language, getToken())).then(
        (objectUrl) => {
          if (live) setLoaded((m) => (m[url] === objectUrl ? m : { ...m, [url]: objectUrl }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return urls.map((url) => loaded[url]);
}
