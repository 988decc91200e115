/* The community screens' few icons, drawn inline so that no icon set loads with them. */

const base = {
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

/** An icon of one or a few strokes (a path's `d`) in the shared frame. */
const strokes =
  (...paths: string[]) =>
  () => (
    <svg {...base}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );

export const HeartIcon = ({ filled }: { filled?: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7-4.4-9.2-8.6C1.3 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3.3.5 1 .5 1.3 0C12.4 6.1 13.7 5 15.7 5 19 5 20.7 8.4 19.2 11.4 17 15.6 12 20 12 20z" />
  </svg>
);

export const CommentIcon = strokes('M4 5h16v11H9l-5 4z');

export const FlagIcon = strokes('M5 21V4m0 0h11l-2 4 2 4H5');

export const ImagePlusIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M21 16l-5-5-7 8M12 2v5M9.5 4.5h5" />
  </svg>
);

export const CloseIcon = strokes('M6 6l12 12M18 6L6 18');

export const PenIcon = strokes('M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4');

export const ChevronRightIcon = strokes('M9 6l6 6-6 6');

export const RedPacketIcon = () => (
  <svg {...base} strokeWidth={1.8}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M5 8c3 3 11 3 14 0" />
    <circle cx="12" cy="11" r="2.2" fill="currentColor" />
  </svg>
);

export const ChatIcon = strokes('M4 5h16v11H9l-5 4z', 'M8 9.5h8M8 12.5h5');
