import { createHash } from 'node:crypto';

/**
 * Koi's own generated artwork (decision 17): game tiles, provider brand marks and category icons drawn as
 * small SVGs from the catalogue itself, so no third-party logo or game art is ever shipped. The drawings
 * are deterministic (same game, same picture), so they are cached for a day and revalidated by ETag.
 */
export const artPaths = {
  gameTile: (plat: number, code: string) => `/art/games/${plat}/${code}/tile.svg`,
  gameHot: (plat: number, code: string) => `/art/games/${plat}/${code}/hot.svg`,
  brand: (plat: number) => `/art/brands/${plat}.svg`,
  category: (id: number) => `/art/categories/${id}.svg`,
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function hueOf(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt16BE(0) % 360;
}

const MOTIF_CARDS =
  '<rect x="22" y="18" width="40" height="58" rx="6" fill="#fff" opacity=".95"/><rect x="38" y="26" width="40" height="58" rx="6" fill="#fff" opacity=".75"/><text x="58" y="64" font-size="26" text-anchor="middle" fill="#c2185b">♠</text>';

// One simple motif per category, drawn in a 100×100 box.
const MOTIFS: Record<number, string> = {
  1: MOTIF_CARDS,
  2: '<circle cx="34" cy="40" r="16" fill="#fff"/><circle cx="66" cy="40" r="16" fill="#fff" opacity=".85"/><circle cx="50" cy="68" r="16" fill="#fff" opacity=".7"/><text x="34" y="46" font-size="16" text-anchor="middle" fill="#6a1b9a" font-weight="700">7</text>',
  3: '<path d="M18 50 Q45 20 72 50 Q45 80 18 50 Z" fill="#fff"/><path d="M72 50 L90 36 L90 64 Z" fill="#fff" opacity=".8"/><circle cx="32" cy="46" r="4" fill="#1a237e"/>',
  4: '<rect x="16" y="34" width="68" height="36" rx="18" fill="#fff"/><circle cx="34" cy="52" r="6" fill="#4a148c"/><rect x="58" y="46" width="16" height="4" fill="#4a148c"/><rect x="64" y="40" width="4" height="16" fill="#4a148c"/>',
  5: '<rect x="18" y="22" width="64" height="56" rx="10" fill="#fff"/><text x="32" y="60" font-size="22" text-anchor="middle" fill="#e65100" font-weight="800">7</text><text x="50" y="60" font-size="22" text-anchor="middle" fill="#e65100" font-weight="800">7</text><text x="68" y="60" font-size="22" text-anchor="middle" fill="#e65100" font-weight="800">7</text>',
  6: '<circle cx="50" cy="50" r="30" fill="#fff"/><path d="M50 26 L62 40 L56 56 L44 56 L38 40 Z" fill="#263238"/>',
  7: '<rect x="16" y="26" width="68" height="48" rx="8" fill="#fff"/><circle cx="50" cy="50" r="12" fill="#b71c1c"/><path d="M46 44 L58 50 L46 56 Z" fill="#fff"/>',
};

// Koi's own games get their own pictures rather than their category's.
const GAME_MOTIFS: Record<string, string> = {
  dice: '<rect x="20" y="20" width="60" height="60" rx="12" fill="#fff"/><circle cx="35" cy="35" r="6" fill="#6d28d9"/><circle cx="50" cy="50" r="6" fill="#6d28d9"/><circle cx="65" cy="65" r="6" fill="#6d28d9"/><circle cx="65" cy="35" r="6" fill="#6d28d9"/><circle cx="35" cy="65" r="6" fill="#6d28d9"/>',
  limbo:
    '<path d="M50 12 C66 26 70 48 62 70 L38 70 C30 48 34 26 50 12 Z" fill="#fff"/><circle cx="50" cy="40" r="8" fill="#6d28d9"/><path d="M38 62 L26 80 L40 74 Z M62 62 L74 80 L60 74 Z" fill="#fff" opacity=".85"/><path d="M44 72 L50 90 L56 72 Z" fill="#fbbf24"/>',
  mines:
    '<path d="M50 14 L80 40 L50 86 L20 40 Z" fill="#fff"/><path d="M20 40 L80 40 L50 86 Z" fill="#e0f2fe"/><path d="M35 40 L50 14 L65 40 L50 86 Z" fill="#bae6fd" opacity=".8"/>',
  'sim-blackjack': MOTIF_CARDS,
};

export interface GameArt {
  code: string;
  name: string;
  providerName: string;
  gameTypeId: number;
}

/** About how wide `text` is in ems: a Chinese character is about one em wide, a Latin one about 0.62. */
const textEms = (text: string) =>
  [...text].reduce((sum, ch) => sum + (ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.62), 0);

/**
 * The font size at which `text` fits `width` pixels, at most `size`: English names, longer in characters,
 * are drawn smaller where they would not fit ("Pragmatic Play" on a brand plate).
 */
export function fittedFontSize(text: string, width: number, size: number): number {
  const ems = textEms(text);
  return ems === 0 ? size : Math.min(size, Math.floor(width / ems));
}

/** A category tile (2-column grid, landscape) or a hot tile (3-column grid, portrait). */
export function drawGameTile(game: GameArt, variant: 'tile' | 'hot'): string {
  const hue = hueOf(game.code);
  const [w, h] = variant === 'hot' ? [240, 300] : [340, 220];
  const motif = GAME_MOTIFS[game.code] ?? MOTIFS[game.gameTypeId] ?? MOTIFS[5]!;
  const name = escapeXml(game.name);
  const provider = escapeXml(game.providerName);
  const motifSize = variant === 'hot' ? 150 : 130;
  const motifX = (w - motifSize) / 2;
  const motifY = variant === 'hot' ? 52 : 22;
  const nameY = h - (variant === 'hot' ? 34 : 26);
  const nameSize = fittedFontSize(game.name, w - 24, variant === 'hot' ? 28 : 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},78%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 48) % 360},72%,38%)"/></linearGradient>
<radialGradient id="s" cx=".3" cy=".2" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" rx="18" fill="url(#g)"/><rect width="${w}" height="${h}" rx="18" fill="url(#s)"/>
<circle cx="${w - 30}" cy="28" r="60" fill="#fff" opacity=".08"/><circle cx="20" cy="${h - 10}" r="70" fill="#fff" opacity=".06"/>
<svg x="${motifX}" y="${motifY}" width="${motifSize}" height="${motifSize}" viewBox="0 0 100 100">${motif}</svg>
<rect x="10" y="10" rx="9" width="${Math.ceil(textEms(game.providerName) * 13) + 16}" height="22" fill="#000" opacity=".28"/>
<text x="18" y="26" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-size="13" fill="#fff">${provider}</text>
<text x="${w / 2}" y="${nameY}" text-anchor="middle" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-size="${nameSize}" font-weight="700" fill="#fff" stroke="#000" stroke-opacity=".18" stroke-width="1">${name}</text>
</svg>`;
}

/** A provider's brand mark: its name on a coloured plate. */
export function drawBrand(providerId: number, name: string): string {
  const hue = hueOf(`brand-${providerId}`);
  const label = escapeXml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="110" viewBox="0 0 220 110">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},70%,35%)"/></linearGradient></defs>
<rect width="220" height="110" rx="16" fill="url(#b)"/><circle cx="190" cy="20" r="40" fill="#fff" opacity=".1"/>
<text x="110" y="66" text-anchor="middle" font-family="'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif" font-size="${fittedFontSize(name, 196, 28)}" font-weight="800" fill="#fff">${label}</text>
</svg>`;
}

export function drawCategoryIcon(categoryId: number): string {
  const motif = MOTIFS[categoryId] ?? MOTIFS[5]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 100 100"><rect width="100" height="100" rx="24" fill="#7c3aed"/>${motif}</svg>`;
}
