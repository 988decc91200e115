// Generates Koi's own artwork (decision 17: no third-party logos or game art) into public/assets.
// Run: node apps/web/scripts/make-art.mjs. The output is committed; rerun after changing a design here.
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve(import.meta.dirname, '../public/assets');
const write = (file, svg) => {
  fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
  fs.writeFileSync(path.join(out, file), svg.replace(/\n\s*/g, '\n').trim() + '\n');
};
const FONT = "font-family=\"'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif\"";

// A koi fish mark: two curved fins and a body in a rounded purple square.
const koiMark = (size = 120) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 120 120">
  <defs>
    <linearGradient id="lg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#a78bfa"/><stop offset="0.55" stop-color="#7c3aed"/><stop offset="1" stop-color="#4c1d95"/>
    </linearGradient>
    <linearGradient id="fish" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#fed7aa"/>
    </linearGradient>
  </defs>
  <rect width="120" height="120" rx="30" fill="url(#lg)"/>
  <circle cx="60" cy="60" r="40" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="3"/>
  <path d="M34 68c8-22 34-34 52-26-6 3-9 8-9 14 8 0 14 4 17 10-14-2-22 6-36 8-10 1-19-1-24-6z" fill="url(#fish)"/>
  <path d="M34 68c-6-4-9-11-8-18 6 4 10 9 13 14z" fill="#fb923c"/>
  <path d="M56 54c4-6 12-9 18-8-3 4-4 8-3 12z" fill="#f97316" opacity="0.9"/>
  <path d="M62 72c6 2 12 1 17-3-1 5-5 9-10 11z" fill="#f97316" opacity="0.85"/>
  <circle cx="79" cy="55" r="3" fill="#3b0764"/>
  <path d="M44 38c3-6 9-9 15-9" stroke="#fde68a" stroke-width="4" stroke-linecap="round" fill="none"/>
</svg>`;
write('logo.svg', koiMark());

// Banners 690×280, three themes.
const banner = (id, [c1, c2, c3], title, sub, cta, motif) => `
<svg xmlns="http://www.w3.org/2000/svg" width="690" height="280" viewBox="0 0 690 280">
  <defs>
    <linearGradient id="bg${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c1}"/><stop offset="0.6" stop-color="${c2}"/><stop offset="1" stop-color="${c3}"/>
    </linearGradient>
    <radialGradient id="glow${id}" cx="0.78" cy="0.45" r="0.5">
      <stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="690" height="280" fill="url(#bg${id})"/>
  <rect width="690" height="280" fill="url(#glow${id})"/>
  <g fill="#fff" opacity="0.12">
    <circle cx="60" cy="240" r="90"/><circle cx="640" cy="20" r="70"/>
  </g>
  ${motif}
  <text x="44" y="112" ${FONT} font-size="46" font-weight="800" fill="#fff">${title}</text>
  <text x="44" y="162" ${FONT} font-size="26" fill="#fff" fill-opacity="0.88">${sub}</text>
  <rect x="44" y="190" width="172" height="52" rx="26" fill="#fde68a"/>
  <text x="130" y="224" ${FONT} font-size="24" font-weight="700" fill="#5b21b6" text-anchor="middle">${cta}</text>
</svg>`;
const coins = `
  <g transform="translate(520 150)">
    <ellipse cx="0" cy="60" rx="80" ry="16" fill="#000" opacity="0.15"/>
    <g fill="#fbbf24" stroke="#b45309" stroke-width="4">
      <ellipse cx="-30" cy="40" rx="46" ry="16"/><rect x="-76" y="10" width="92" height="30"/><ellipse cx="-30" cy="10" rx="46" ry="16" fill="#fde68a"/>
      <ellipse cx="34" cy="30" rx="46" ry="16"/><rect x="-12" y="-20" width="92" height="50"/><ellipse cx="34" cy="-20" rx="46" ry="16" fill="#fde68a"/>
    </g>
    <text x="34" y="-12" ${FONT} font-size="22" font-weight="800" fill="#b45309" text-anchor="middle">USDT</text>
  </g>`;
const friends = `
  <g transform="translate(540 140)" fill="#fff">
    <circle cx="-50" cy="-30" r="28" opacity="0.9"/><path d="M-100 50c4-36 24-52 50-52s46 16 50 52z" opacity="0.9"/>
    <circle cx="40" cy="-40" r="34"/><path d="M-20 60c4-44 30-64 60-64s56 20 60 64z"/>
    <path d="M-6 -86l8 16 18 3-13 12 3 18-16-9-16 9 3-18-13-12 18-3z" fill="#fde68a"/>
  </g>`;
const calendar = `
  <g transform="translate(470 50)">
    <rect x="0" y="20" width="170" height="170" rx="24" fill="#fff"/>
    <rect x="0" y="20" width="170" height="50" rx="24" fill="#f43f5e"/><rect x="0" y="46" width="170" height="24" fill="#f43f5e"/>
    <rect x="34" y="6" width="14" height="36" rx="7" fill="#7c3aed"/><rect x="122" y="6" width="14" height="36" rx="7" fill="#7c3aed"/>
    <path d="M50 130l24 24 48-52" stroke="#16a34a" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;
write(
  'banners/banner-1.svg',
  banner(1, ['#8b5cf6', '#6d28d9', '#3b0764'], '首充豪礼', '最高赠送 100 USDT，充值即享', '立即充值', coins),
);
write(
  'banners/banner-2.svg',
  banner(
    2,
    ['#ec4899', '#a21caf', '#581c87'],
    '邀请好友 共享佣金',
    '好友每次游戏，您都有返佣',
    '马上邀请',
    friends,
  ),
);
write(
  'banners/banner-3.svg',
  banner(
    3,
    ['#06b6d4', '#4f46e5', '#312e81'],
    '每日签到 好礼不断',
    '连续签到 7 天，奖励翻倍',
    '去签到',
    calendar,
  ),
);

// Category icons (64×64): hot and the game categories 1–7.
const icon = (bg, inner) => `
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>
  <rect width="64" height="64" rx="18" fill="url(#g)"/>
  ${inner}
</svg>`;
const ICONS = {
  hot: [
    ['#fb923c', '#ef4444'],
    '<path d="M32 52c9 0 15-6 15-14 0-7-5-12-8-16-1 4-3 6-5 7 0-6-3-11-8-14 1 6-4 11-6 15a15 15 0 0 0-3 8c0 8 6 14 15 14z" fill="#fff"/><path d="M32 52c4 0 7-3 7-7 0-3-2-5-4-7-1 2-2 3-3 3 0-3-1-5-3-6 0 3-2 5-3 7-1 1-1 2-1 3 0 4 3 7 7 7z" fill="#fde68a"/>',
  ],
  1: [
    ['#a78bfa', '#6d28d9'],
    '<rect x="16" y="14" width="22" height="32" rx="4" fill="#fff" transform="rotate(-12 27 30)"/><rect x="26" y="16" width="22" height="32" rx="4" fill="#fde68a" transform="rotate(10 37 32)"/><path d="M37 26l4 6-4 6-4-6z" fill="#dc2626"/>',
  ],
  2: [
    ['#f472b6', '#be185d'],
    '<circle cx="24" cy="26" r="9" fill="#fff"/><circle cx="40" cy="26" r="9" fill="#fde68a"/><circle cx="32" cy="40" r="9" fill="#fff"/><text x="24" y="30" font-size="10" text-anchor="middle" font-weight="700" fill="#be185d">7</text><text x="40" y="30" font-size="10" text-anchor="middle" font-weight="700" fill="#be185d">3</text><text x="32" y="44" font-size="10" text-anchor="middle" font-weight="700" fill="#be185d">8</text>',
  ],
  3: [
    ['#38bdf8', '#0369a1'],
    '<path d="M12 34c8-10 22-14 34-8l8-6v24l-8-6c-12 6-26 2-34-4z" fill="#fff"/><circle cx="22" cy="32" r="2.5" fill="#0369a1"/><path d="M18 50c4-2 8-2 12 0s8 2 12 0 8-2 12 0" stroke="#e0f2fe" stroke-width="3" fill="none"/>',
  ],
  4: [
    ['#34d399', '#047857'],
    '<path d="M14 26c0-5 4-8 9-8h18c5 0 9 3 9 8l3 16c1 5-5 8-9 4l-5-5H25l-5 5c-4 4-10 1-9-4z" fill="#fff"/><path d="M22 28h8M26 24v8" stroke="#047857" stroke-width="3" stroke-linecap="round"/><circle cx="40" cy="26" r="2.5" fill="#047857"/><circle cx="44" cy="31" r="2.5" fill="#047857"/>',
  ],
  5: [
    ['#fbbf24', '#d97706'],
    '<rect x="12" y="16" width="40" height="32" rx="6" fill="#fff"/><rect x="16" y="22" width="9" height="20" rx="2" fill="#fde68a"/><rect x="27.5" y="22" width="9" height="20" rx="2" fill="#fde68a"/><rect x="39" y="22" width="9" height="20" rx="2" fill="#fde68a"/><text x="20.5" y="37" font-size="11" text-anchor="middle" font-weight="800" fill="#dc2626">7</text><text x="32" y="37" font-size="11" text-anchor="middle" font-weight="800" fill="#dc2626">7</text><text x="43.5" y="37" font-size="11" text-anchor="middle" font-weight="800" fill="#dc2626">7</text>',
  ],
  6: [
    ['#60a5fa', '#1d4ed8'],
    '<circle cx="32" cy="32" r="18" fill="#fff"/><path d="M32 22l8 6-3 10h-10l-3-10z" fill="#1d4ed8"/><path d="M32 14v8M48 27l-8 1M43 47l-6-9M21 47l6-9M16 27l8 1" stroke="#1d4ed8" stroke-width="2"/>',
  ],
  7: [
    ['#f87171', '#b91c1c'],
    '<rect x="12" y="18" width="30" height="28" rx="6" fill="#fff"/><path d="M42 28l10-6v20l-10-6z" fill="#fff"/><circle cx="27" cy="32" r="7" fill="#fecaca"/><circle cx="27" cy="32" r="3" fill="#b91c1c"/>',
  ],
};
for (const [key, [bg, inner]] of Object.entries(ICONS)) {
  const file = key === 'hot' ? 'categories/cat-0.svg' : `categories/cat-${key}.svg`;
  write(file, icon(bg, inner));
  if (key !== 'hot') write(`categories/type-${key}.svg`, icon(bg, inner));
}

// Game tile placeholder (shown while images load or when a game has none).
write(
  'games/placeholder.svg',
  `
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ede9fe"/><stop offset="1" stop-color="#ddd6fe"/></linearGradient></defs>
  <rect width="300" height="300" fill="url(#g)"/>
  <g transform="translate(90 90) scale(1)" opacity="0.55">${koiMark(120)
    .replace(/<\?xml[^>]*>|<svg[^>]*>|<\/svg>/g, '')
    .replace(/id="(lg|fish)"/g, 'id="p$1"')
    .replace(/url\(#(lg|fish)\)/g, 'url(#p$1)')}</g>
</svg>`,
);

// Partner marks 200×80: our own fictional studios.
const PARTNERS = {
  koi: ['#7c3aed', 'KOI', '原创游戏'],
  aurora: ['#0ea5e9', 'AURORA', '极光工作室'],
  nebula: ['#db2777', 'NEBULA', '星云互娱'],
  lotus: ['#16a34a', 'LOTUS', '莲花游戏'],
  tide: ['#2563eb', 'TIDE', '潮汐体育'],
  ember: ['#ea580c', 'EMBER', '余烬电竞'],
};
for (const [key, [color, name, zh]] of Object.entries(PARTNERS)) {
  write(
    `brands/partner-${key}.svg`,
    `
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80">
  <rect width="200" height="80" rx="14" fill="${color}" fill-opacity="0.1"/>
  <circle cx="36" cy="40" r="20" fill="${color}"/>
  <path d="M26 44c4-10 14-14 22-10-3 2-4 4-4 7 3 0 6 2 7 4-7-1-10 3-16 4-4 0-7-1-9-5z" fill="#fff"/>
  <text x="66" y="38" font-family="Arial, sans-serif" font-size="20" font-weight="800" fill="${color}">${name}</text>
  <text x="66" y="60" ${FONT} font-size="14" fill="${color}" fill-opacity="0.8">${zh}</text>
</svg>`,
  );
}

// Licence badges 200×90: generic seals, not real regulators' marks.
const LICENCES = [
  ['licence-1', '#0f766e', '公平认证', 'FAIR PLAY'],
  ['licence-2', '#7c3aed', '可验证公平', 'PROVABLY FAIR'],
  ['licence-3', '#b91c1c', '理性娱乐', 'PLAY SAFE 18+'],
];
for (const [file, color, zh, en] of LICENCES) {
  write(
    `licence/${file}.svg`,
    `
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="90" viewBox="0 0 200 90">
  <rect x="1" y="1" width="198" height="88" rx="14" fill="#fff" stroke="${color}" stroke-width="2"/>
  <g transform="translate(40 45)">
    <path d="M0-28l8 6 10-1 3 9 8 6-4 9 4 9-8 6-3 9-10-1-8 6-8-6-10 1-3-9-8-6 4-9-4-9 8-6 3-9 10 1z" fill="${color}"/>
    <path d="M-9 0l6 7 12-14" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <text x="82" y="42" ${FONT} font-size="19" font-weight="800" fill="${color}">${zh}</text>
  <text x="82" y="64" font-family="Arial, sans-serif" font-size="11" font-weight="700" fill="${color}" fill-opacity="0.75">${en}</text>
</svg>`,
  );
}

// Add-to-home instruction image 600×360: a phone with the share sheet and the chosen item.
write(
  'add-to-home.svg',
  `
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="360" viewBox="0 0 600 360">
  <rect width="600" height="360" rx="28" fill="#f5f3ff"/>
  <g transform="translate(60 30)">
    <rect width="170" height="300" rx="26" fill="#1f1537"/><rect x="10" y="14" width="150" height="272" rx="18" fill="#fff"/>
    <rect x="10" y="226" width="150" height="60" fill="#ede9fe"/>
    <g transform="translate(85 256)" stroke="#7c3aed" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="M-10 -4v14h20v-14M0 6v-22M-7 -10l7-7 7 7"/>
    </g>
    <circle cx="85" cy="252" r="26" fill="none" stroke="#f97316" stroke-width="4" stroke-dasharray="6 6"/>
  </g>
  <path d="M250 180h60" stroke="#7c3aed" stroke-width="6" stroke-linecap="round"/><path d="M300 166l16 14-16 14" stroke="#7c3aed" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <g transform="translate(340 70)">
    <rect width="210" height="220" rx="20" fill="#fff" stroke="#ddd6fe" stroke-width="2"/>
    <rect x="16" y="20" width="178" height="40" rx="10" fill="#f5f3ff"/>
    <rect x="16" y="74" width="178" height="52" rx="12" fill="#7c3aed"/>
    <rect x="28" y="86" width="28" height="28" rx="8" fill="#fff"/><path d="M42 92v16M34 100h16" stroke="#7c3aed" stroke-width="4" stroke-linecap="round"/>
    <text x="68" y="108" ${FONT} font-size="19" font-weight="700" fill="#fff">添加到主屏幕</text>
    <rect x="16" y="140" width="178" height="30" rx="8" fill="#f5f3ff"/><rect x="16" y="180" width="120" height="24" rx="8" fill="#f5f3ff"/>
  </g>
</svg>`,
);

// Empty, error and coming-soon illustrations.
write(
  'state-empty.svg',
  `
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 200 160">
  <ellipse cx="100" cy="140" rx="70" ry="10" fill="#ddd6fe" opacity="0.6"/>
  <path d="M40 60l60-26 60 26v60l-60 22-60-22z" fill="#ede9fe" stroke="#a78bfa" stroke-width="3" stroke-linejoin="round"/>
  <path d="M40 60l60 24 60-24M100 84v58" stroke="#a78bfa" stroke-width="3" fill="none"/>
  <path d="M70 24c6-10 20-12 28-4M118 18c8-4 18 0 20 8" stroke="#c4b5fd" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`,
);
write(
  'state-error.svg',
  `
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160" viewBox="0 0 200 160">
  <ellipse cx="100" cy="140" rx="70" ry="10" fill="#ddd6fe" opacity="0.6"/>
  <circle cx="100" cy="76" r="52" fill="#ede9fe" stroke="#a78bfa" stroke-width="3"/>
  <path d="M100 48v36" stroke="#7c3aed" stroke-width="8" stroke-linecap="round"/><circle cx="100" cy="102" r="5" fill="#7c3aed"/>
</svg>`,
);
write(
  'coming-soon.svg',
  `
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="220" viewBox="0 0 300 220">
  <defs><linearGradient id="r" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs>
  <ellipse cx="150" cy="200" rx="100" ry="12" fill="#ddd6fe" opacity="0.7"/>
  <circle cx="60" cy="50" r="5" fill="#fbbf24"/><circle cx="250" cy="70" r="4" fill="#f472b6"/><circle cx="230" cy="30" r="3" fill="#a78bfa"/><circle cx="80" cy="140" r="3" fill="#38bdf8"/>
  <g transform="rotate(35 150 110)">
    <path d="M150 20c26 20 34 60 26 110h-52c-8-50 0-90 26-110z" fill="url(#r)"/>
    <circle cx="150" cy="80" r="14" fill="#fff"/><circle cx="150" cy="80" r="8" fill="#38bdf8"/>
    <path d="M124 110l-22 30 26-6zM176 110l22 30-26-6z" fill="#7c3aed"/>
    <path d="M136 132h28l-6 30h-16z" fill="#fb923c"/><path d="M142 160h16l-8 22z" fill="#fde68a"/>
  </g>
</svg>`,
);
console.log('artwork written to', out);
