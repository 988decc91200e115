import type { ReactNode } from 'react';

export type Tab<K> = { key: K; label: ReactNode };

/** What a strip of tabs is given (see Tabs). */
export type TabsProps<K> = {
  tabs: readonly Tab<K>[];
  value: K;
  onChange: (key: K) => void;
  className: string;
  /** A look shared with other strips that every tab takes besides its own class (`outline-tab`). */
  tabClassName?: string;
  /** The strip's accessible name, where the page does not already say what the tabs choose. */
  label?: string;
};

/**
 * A strip of tabs of which exactly one is selected (the home categories, the record ranges, the deposit or
 * withdrawal filter), with the tablist roles screen readers and tests find them by. Each strip keeps its own
 * look: the strip takes `className`, each tab `${className}__tab` (and `tabClassName`, where given), and the
 * selected tab `is-active` as well.
 */
export function Tabs<K extends string | number>({
  tabs,
  value,
  onChange,
  className,
  tabClassName,
  label,
}: TabsProps<K>) {
  const tabClass = tabClassName ? `${className}__tab ${tabClassName}` : `${className}__tab`;
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={value === tab.key}
          className={`${tabClass}${value === tab.key ? ' is-active' : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
