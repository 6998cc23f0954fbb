// `npm run lander:new -- <name>`: scaffolds landers/<name> (scripts/lib/lander-scaffold.ts).
import path from 'node:path'
import { scaffoldLander } from './lib/lander-scaffold.ts'

const name = process.argv[2] ?? ''
try {
  const folder = scaffoldLander(name)
  console.info(`created ${path.relative(process.cwd(), folder)}/ (lander.ts, component.tsx, copy/nl.json, copy/en.json, images/hero.svg)`)
  console.info(`enable it for a site: add '${name}' to landers in tenants/<site>.ts; it is then at /landers/${name} (npm run tenant:check lists it)`)
} catch (error) {
  console.error((error as Error).message)
  process.exitCode = 1
}
