import './ProfitChart.css';

export type Bar = { label: string; value: number };

const W = 320;
const H = 140;
const PAD = 18;

/**
 * A small bar chart of profit (signed), drawn as SVG: bars above the zero line in green, below in red, each
 * labelled. A few bars need no chart library; the scale is the largest absolute value, so one big day does
 * not hide the sign of the others (they stay at least 2 px tall).
 */
export function ProfitChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(...bars.map((b) => Math.abs(b.value)), 0) || 1;
  const zero = H / 2;
  const slot = (W - PAD * 2) / Math.max(bars.length, 1);
  const barWidth = Math.min(28, slot * 0.6);
  return (
    <figure className="profit-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H + 22}`} role="img" aria-label={title} data-testid="profit-chart">
        <line x1={PAD} x2={W - PAD} y1={zero} y2={zero} className="profit-chart__axis" />
        {bars.map((b, i) => {
          const h = b.value === 0 ? 0 : Math.max(2, (Math.abs(b.value) / max) * (H / 2 - 18));
          const x = PAD + slot * i + (slot - barWidth) / 2;
          const y = b.value >= 0 ? zero - h : zero;
          return (
            <g key={b.label}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={h}
                rx={3}
                className={b.value >= 0 ? 'profit-chart__up' : 'profit-chart__down'}
              >
                <title>{`${b.label}: ${b.value}`}</title>
              </rect>
              {b.value === 0 ? null : (
                <text
                  x={x + barWidth / 2}
                  y={b.value > 0 ? y - 4 : y + h + 11}
                  textAnchor="middle"
                  className="profit-chart__value"
                >
                  {b.value > 0 ? `+${b.value.toFixed(2)}` : b.value.toFixed(2)}
                </text>
              )}
              <text x={x + barWidth / 2} y={H + 16} textAnchor="middle" className="profit-chart__label">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
