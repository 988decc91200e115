/**
 * What every Koi client (the player app, the console) sends with each call. This module has no runtime
 * dependency, and is exported on its own path (`@koi/contract/client`) so that the player app can import it
 * without pulling zod into its first screen.
 */

/** JSON answers, messages in the reader's language, and the session's bearer token when there is one. */
export function requestHeaders(language: string, token: string | null | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The hot games' page the player app asks for at start (spec §9: page 1 of 20), and index.html carries. */
export const HOT_GAMES_PAGE = { is_hot: 1, size: 20, page: 1 } as const;

/** The id of index.html's element that carries the first screen's data (FirstScreenData, ./content). */
export const FIRST_SCREEN_ELEMENT_ID = 'koi-first-screen';

/** How many fetched pictures a page keeps as object URLs before it lets the oldest go. */
const IMAGE_CACHE_SIZE = 120;
const imageUrls = new Map<string, Promise<string>>();

/**
 * An object URL for a picture that only a signed-in reader may load (a community post's image: the server
 * answers it only to who may see the post). An <img> cannot send the bearer token, so the picture is fetched
 * with `headers` (`requestHeaders`) and shown from memory. Each URL is fetched once while it stays among the
 * latest IMAGE_CACHE_SIZE; the browser's own cache answers a repeat within the server's short max-age. A
 * refusal is not kept, so the next call asks again.
 */
export function protectedImageUrl(url: string, headers: Record<string, string>): Promise<string> {
  const known = imageUrls.get(url);
  if (known) {
    // Most recently used last, so the oldest is the first to go.
    imageUrls.delete(url);
    imageUrls.set(url, known);
    return known;
  }
  const loading = fetch(url, { headers: { ...headers, Accept: 'image/*' } }).then(async (response) => {
    if (!response.ok) throw new Error(`image ${response.status}`);
    return URL.createObjectURL(await response.blob());
  });
  imageUrls.set(url, loading);
  loading.catch(() => imageUrls.delete(url));
  if (imageUrls.size > IMAGE_CACHE_SIZE) {
    const [oldest, objectUrl] = imageUrls.entries().next().value!;
    imageUrls.delete(oldest);
    void objectUrl.then(URL.revokeObjectURL, () => undefined);
  }
  return loading;
}

/** The two React hooks `protectedImagesHook` builds on, named here so that this module needs no React. */
export interface StateAndEffect {
  useState<S>(initial: S): [S, (update: (previous: S) => S) => void];
  useEffect(effect: () => void | (() => void), deps: unknown[]): void;
}

/**
 * The React hook both apps show protected pictures with: `useProtectedImages(urls)` answers their object URLs
 * in the order given (`protectedImageUrl`), undefined until one has loaded or when the server refuses it.
 * Each app passes React's hooks and its own request headers (its language and session token).
 */
export function protectedImagesHook(react: StateAndEffect, headers: () => Record<string, string>) {
  return function useProtectedImages(urls: string[]): (string | undefined)[] {
    const [loaded, setLoaded] = react.useState<Record<string, string>>({});
    const key = urls.join('\n');
    react.useEffect(() => {
      let live = true;
      for (const url of key ? key.split('\n') : []) {
        protectedImageUrl(url, headers()).then(
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
  };
}
