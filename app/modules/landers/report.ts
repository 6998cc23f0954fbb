// The text of `npm run landers:report` (decision 014): per site, every lander variant's
// visits, signups, activations, conversion and its z and p against the control, then the
// same per traffic source.
import { variantFigures, type StatRow, type VariantFigures } from './stats.server.ts'

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

function line(f: VariantFigures, controls: Record<string, string>): string {
  const isControl = (controls[f.lander] ?? f.variant) === f.variant && f.z === null
  const significance = f.z === null || f.p === null ? (isControl ? 'control' : '-') : `z=${f.z.toFixed(2)} p=${f.p.toFixed(3)}${f.p < 0.05 ? ' *' : ''}`
  return `  ${f.lander.padEnd(24)} ${f.variant.padEnd(8)} ${String(f.visits).padStart(7)} ${String(f.signups).padStart(7)} ${String(f.activations).padStart(11)} ${pct(f.conversion).padStart(10)}  ${significance}`
}

const HEADER = `  ${'lander'.padEnd(24)} ${'variant'.padEnd(8)} ${'visits'.padStart(7)} ${'signups'.padStart(7)} ${'activations'.padStart(11)} ${'conversion'.padStart(10)}  vs control`

export function formatReport(site: string, rows: readonly StatRow[], controls: Record<string, string>): string {
  const out = [`${site}`]
  if (rows.length === 0) return `${site}\n  no lander visits yet`
  out.push(HEADER, ...variantFigures(rows, controls).map((f) => line(f, controls)))
  const sources = [...new Set(rows.map((r) => r.source))].sort()
  if (sources.length > 1 || sources[0] !== '') {
    for (const source of sources) {
      out.push(`  source: ${source === '' ? '(direct)' : source}`, ...variantFigures(rows, controls, source).map((f) => line(f, controls)))
    }
  }
  out.push('  conversion = signups / first visits; z, p: two-proportion z-test against the control (* p < 0.05)')
  return out.join('\n')
}
