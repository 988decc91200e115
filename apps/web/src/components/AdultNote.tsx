/** A line that begins with the red 18+ badge: the licence note on home, the responsible-gambling text on /about. */
export function AdultNote({ className, children }: { className: string; children: string }) {
  return (
    <p className={className}>
      <span className="age-badge">18+</span>
      {children}
    </p>
  );
}
