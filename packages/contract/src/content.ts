import { z } from 'zod';
import { gameTypeResult, hotGamesResult } from './games';

/** GET /api/plat/bulletin: config items by id (spec §3). */
export const configItem = z.object({ id: z.number().int(), content: z.string() });
export const bulletinResult = z.array(configItem);
export type ConfigItem = z.infer<typeof configItem>;

/**
 * Config items that are links the player app opens (spec §3: 3, 4 and 5 chat contacts, 7 online service).
 * Their content is either empty (no link) or a safe link (see isSafeLink).
 */
export const LINK_CONFIG_ITEM_IDS: readonly number[] = [3, 4, 5, 7];
/** Config items written as rich text in the console and shown as (sanitised) HTML by the player app: 1 and 2. */
export const RICH_TEXT_CONFIG_ITEM_IDS: readonly number[] = [1, 2];
/** The schemes a link shown to players may use; a link without one is a path on Koi's own site. */
export const SAFE_LINK_PROTOCOLS: readonly string[] = ['https:', 'http:', 'tg:'];
export const SAFE_LINK_RULE_ZH = '链接须以 https://、http:// 或 tg:// 开头，或为站内相对路径';

const SITE = 'https://site.koi.invalid/';
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether a link may be opened for a player: an absolute https:, http: or tg: URL, or a relative path that
 * stays on Koi's own site. The text is judged by the URL parser browsers use, so "java\tscript:" or
 * " javascript:" (which browsers read as javascript:) and "//host" or "/\\host" (another site) are refused
 * as the browser would read them, not as they look. Control characters are refused outright.
 */
export function isSafeLink(text: string): boolean {
  if (!text || CONTROL_CHARACTERS.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text, SITE);
  } catch {
    return false;
  }
  const site = new URL(SITE);
  if (/^\s*[a-z][a-z0-9+.-]*:/i.test(text)) {
    // Written with a scheme: one of the allowed ones, naming a host other than the stand-in for Koi's site.
    return SAFE_LINK_PROTOCOLS.includes(url.protocol) && url.host !== site.host;
  }
  // Written without a scheme: a path on Koi's own site, which the parser resolves against it unchanged.
  return url.protocol === site.protocol && url.host === site.host;
}

/** GET /api/banner */
export const banner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  link: z.string().describe('Route or URL the banner opens; empty when it opens an activity'),
  activity_type: z
    .number()
    .int()
    .nullable()
    .describe('activityDetail activity_type, when the banner opens one'),
  sort: z.number().int(),
});
export const bannerResult = z.array(banner);
export type BannerItem = z.infer<typeof banner>;

/**
 * The home's catalogue in index.html, for the product language (zh-CN; names are per language, and a page's
 * address says nothing of the language its app will choose): the categories' tabs and the hot games, exactly
 * as POST /api/plat/game-type and GET /api/plat/game/hot (HOT_GAMES_PAGE, ./client) answer them in `locale` at that
 * moment. The app takes them when it runs in that language.
 */
export const firstScreenCatalogue = z.object({
  locale: z.literal('zh-CN'),
  gameTypes: gameTypeResult,
  hotGames: hotGamesResult,
});
export type FirstScreenCatalogue = z.infer<typeof firstScreenCatalogue>;

/**
 * The first screen's data that index.html carries, as JSON in a `<script type="application/json">`
 * whose id is FIRST_SCREEN_ELEMENT_ID (./client), so the home page's first render has what it shows without a
 * round trip: the carousel's banners and the bulletin (GET /api/banner's and GET /api/plat/bulletin's answers
 * at that moment), and the catalogue (firstScreenCatalogue). The app takes each part as that query's answer;
 * a part missing or unreadable is asked of the API as before.
 */
export const firstScreenData = z.object({
  banners: bannerResult,
  bulletin: bulletinResult.optional(),
  catalogue: firstScreenCatalogue.optional(),
});
export type FirstScreenData = z.infer<typeof firstScreenData>;
