import type { ReactNode } from 'react';

/** Our own line icons (24×24, currentColor), so no icon font ships in the initial bundle. */
export type IconProps = { size?: number | string; className?: string };

/** The line style every outline icon shares; colour glyphs (`line={false}`) paint their own fills. */
const LINE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const Svg = ({
  size = '1em',
  className,
  line = true,
  children,
}: IconProps & { line?: boolean; children: ReactNode }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    className={className}
    aria-hidden="true"
    {...(line ? LINE : null)}
  >
    {children}
  </svg>
);

/**
 * An outline icon from its drawing: each string is one path's `d`, and `shapes` holds what is not a path
 * (circles, rectangles). Icons are then one line of geometry each, and every icon gets the same frame.
 */
export function lineIcon(paths: readonly string[], shapes?: ReactNode) {
  return (p: IconProps) => (
    <Svg {...p}>
      {shapes}
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </Svg>
  );
}

export const HomeIcon = lineIcon([
  'M3 10.5 12 3l9 7.5',
  'M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5',
]);
export const GiftIcon = lineIcon(
  [
    'M5 13v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7M12 8v13',
    'M12 8c-1.5-3-5-4-5.5-2S9 8 12 8Zm0 0c1.5-3 5-4 5.5-2S15 8 12 8Z',
  ],
  <rect x="3" y="8" width="18" height="5" rx="1" />,
);
export const WalletIcon = lineIcon([
  'M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7Z',
  'M4 7l11-3.5V7M16 13.5h.01',
]);
export const ChatIcon = lineIcon(['M4 5h16v11H9l-5 4V5Z', 'M8 10h.01M12 10h.01M16 10h.01']);
export const UserIcon = lineIcon(['M4 21c1-4 4-6 8-6s7 2 8 6'], <circle cx="12" cy="8" r="4" />);
export const HeadsetIcon = lineIcon(
  ['M4 14v-2a8 8 0 0 1 16 0v2', 'M19 20c0 1-2 2-5 2'],
  <>
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </>,
);
export const DepositIcon = lineIcon(['M12 7v10M8 13l4 4 4-4'], <circle cx="12" cy="12" r="9" />);
export const WithdrawIcon = lineIcon(['M12 17V7M8 11l4-4 4 4'], <circle cx="12" cy="12" r="9" />);
export const RebateIcon = lineIcon([
  'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3',
  'M18 3v4h-4M6 21v-4h4M9.5 10h5M9.5 13h5M12 10v5',
]);
export const ListIcon = lineIcon(
  ['M8 8h8M8 12h8M8 16h5'],
  <rect x="4" y="3" width="16" height="18" rx="2" />,
);
export const MenuIcon = lineIcon(['M4 6h16M4 12h16M4 18h10']);
/** The music note; `off` strikes it through (sound muted). */
export const MusicIcon = ({ off, ...p }: IconProps & { off?: boolean }) => (
  <Svg {...p}>
    <path d="M9 18V5l11-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="17" cy="16" r="3" />
    {off ? <path d="M3 3l18 18" /> : null}
  </Svg>
);
export const MoonIcon = lineIcon(['M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z']);
export const SunIcon = lineIcon(
  ['M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'],
  <circle cx="12" cy="12" r="4" />,
);
export const CloseIcon = lineIcon(['M6 6l12 12M18 6 6 18']);
export const ChevronLeftIcon = lineIcon(['m15 6-6 6 6 6']);
export const ChevronRightIcon = lineIcon(['m9 6 6 6-6 6']);
export const FireIcon = lineIcon([
  'M12 21c4 0 7-2.7 7-6.5 0-3.3-2.3-5.6-4-7.5-.3 2-1.3 3-2.5 3.5C13 7 11.5 4.5 9 3c.3 3-2 5.5-3.2 7.3A7.3 7.3 0 0 0 5 14.5C5 18.3 8 21 12 21Z',
]);
