// Summarises a V8 CPU profile (.cpuprofile, from `npm run bench -- --cpu-prof`): self time
// by package (or app file) and the hottest functions. Usage: tsx scripts/bench/profile-summary.ts <file>
import { readFileSync } from 'node:fs'

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const file = process.argv[2]
if (!file) throw new Error('usage: profile-summary <file.cpuprofile>')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)

function area(url: string): string {
  if (!url) return '(native / idle / gc)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.includes('/build/server/')) return 'app (server build)'
  if (url.startsWith('node:')) return url
  return url.replace(/^file:\/\/.*?\/(app|server|scripts)\//, '$1/')
}

const areas = new Map<string, number>()
const functions = new Map<string, number>()
for (const [id, time] of self) {
  const node = byId.get(id)!
  const { url, functionName, lineNumber } = node.callFrame
  areas.set(area(url), (areas.get(area(url)) ?? 0) + time)
  const key = `${functionName || '(anonymous)'} ${area(url)}:${lineNumber + 1}`
  functions.set(key, (functions.get(key) ?? 0) + time)
}
const top = (map: Map<string, number>, n: number) =>
  [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
console.info(`total sampled: ${(total / 1000).toFixed(0)} ms\n\nself time by area:\n${top(areas, 20).join('\n')}\n\nhottest functions:\n${top(functions, 30).join('\n')}`)
