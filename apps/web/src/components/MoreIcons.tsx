import { lineIcon, Svg, type IconProps } from './Icons';

/** Icons of screens and dialogs that load later: apart from Icons.tsx, so the first screen does not carry them. */

export const RefreshIcon = lineIcon(['M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5']);
export const GlobeIcon = lineIcon(
  ['M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18'],
  <circle cx="12" cy="12" r="9" />,
);
export const TelegramIcon = lineIcon(['m21 4-18 7.5 6 2 2 6.5 3.5-4.5 4.5 3.5L21 4Z', 'm9 13.5 8-6']);

/** The mines board's colour glyphs: they paint their own fills instead of the line style. */
export const GemIcon = (p: IconProps) => (
  <Svg {...p} line={false}>
    <path d="M6 3h12l4 6-10 12L2 9z" fill="#10b981" />
    <path
      d="M2 9h20M12 21 8 9l4-6 4 6z"
      fill="none"
      stroke="#d1fae5"
      strokeWidth="1.2"
      strokeLinejoin="round"
    />
  </Svg>
);
export const MineIcon = (p: IconProps) => (
  <Svg {...p} line={false}>
    <path
      d="M12 1v4M12 19v4M1 12h4M19 12h4M4.2 4.2l2.9 2.9M16.9 16.9l2.9 2.9M4.2 19.8l2.9-2.9M16.9 7.1l2.9-2.9"
      stroke="#1f2937"
      strokeWidth="2"
      strokeLinecap="round"
    />
    <circle cx="12" cy="12" r="7" fill="#1f2937" />
    <circle cx="9.5" cy="9.5" r="2" fill="#f9fafb" opacity="0.8" />
  </Svg>
);
