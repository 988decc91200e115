import type { ReactNode } from 'react';

/**
 * A button that shows only an icon, so it carries its name for screen readers (`label`); `pressed` makes it
 * a toggle (music, theme). It has the round `icon-button` look unless a place gives its own class.
 */
export function IconButton({
  label,
  className = 'icon-button',
  pressed,
  onClick,
  children,
}: {
  label: string;
  className?: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-label={label} aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
