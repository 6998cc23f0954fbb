// A small line chart as plain SVG, rendered on the server with the page (no chart library,
// no script): one polyline per series over the buckets, the largest value on the axis.
export type ChartSeries = { label: string; values: number[]; tone: 1 | 2 | 3 | 4 }

export function LineChart({ title, buckets, series, format = (n) => String(n) }: { title: string; buckets: string[]; series: ChartSeries[]; format?: (n: number) => string }) {
  const width = 720
  const height = 220
  const pad = { left: 56, right: 12, top: 12, bottom: 28 }
  const max = Math.max(1, ...series.flatMap((s) => s.values))
  const x = (i: number) => pad.left + (buckets.length <= 1 ? 0 : (i * (width - pad.left - pad.right)) / (buckets.length - 1))
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / max)
  const step = Math.max(1, Math.ceil(buckets.length / 8))
  return (
    <figure className="console-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title} width="100%" preserveAspectRatio="xMidYMid meet">
        <title>{title}</title>
        <line x1={pad.left} y1={y(0)} x2={width - pad.right} y2={y(0)} className="console-chart__axis" />
        <line x1={pad.left} y1={pad.top} x2={pad.left} y2={y(0)} className="console-chart__axis" />
        <text x={pad.left - 6} y={pad.top + 4} textAnchor="end" className="console-chart__label">
          {format(max)}
        </text>
        <text x={pad.left - 6} y={y(0)} textAnchor="end" className="console-chart__label">
          {format(0)}
        </text>
        {buckets.map((b, i) =>
          i % step === 0 ? (
            <text key={b} x={x(i)} y={height - 8} textAnchor="middle" className="console-chart__label">
              {b.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <polyline key={s.label} fill="none" className={`console-chart__line console-chart__line--${s.tone}`} points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')} />
        ))}
      </svg>
      <figcaption className="console-chart__legend">
        {series.map((s) => (
          <span key={s.label} className={`console-chart__key console-chart__key--${s.tone}`}>
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
