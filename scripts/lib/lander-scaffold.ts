// `npm run lander:new -- <name>`: a new lander folder that renders at once (the app finds
// folders by themselves) with a component, Dutch and English copy, two variants and an image.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { LANDERS_DIR } from '../../landers/catalog.ts'

export const LANDER_NAME = /^[a-z][a-z0-9-]{1,40}$/

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())

export function scaffoldLander(name: string, dir = LANDERS_DIR): string {
  if (!LANDER_NAME.test(name)) throw new Error(`"${name}": a lander name is lowercase letters, digits and dashes (2-41 characters), starting with a letter`)
  const folder = path.join(dir, name)
  if (existsSync(folder)) throw new Error(`landers/${name} exists already`)
  mkdirSync(path.join(folder, 'copy'), { recursive: true })
  mkdirSync(path.join(folder, 'images'))
  writeFileSync(
    path.join(folder, 'lander.ts'),
    `import { defineLander } from '../define.ts'

// Variant 'a' is the control; /landers/${name}/<variant> shows one variant.
export default defineLander({
  variants: [
    { id: 'a', weight: 50 },
    { id: 'b', weight: 50 },
  ],
})
`,
  )
  writeFileSync(
    path.join(folder, 'component.tsx'),
    `import type { LanderProps } from '../define.ts'
import { Art, Cta, MemberTiles } from '../shared.tsx'

export default function ${pascal(name)}({ copy, members, signupHref, image, fictional }: LanderProps) {
  return (
    <div className="lander lander--${name} container section">
      <h1>{copy.headline}</h1>
      <p className="hero__lead">{copy.lead}</p>
      <Art svg={image} />
      <Cta href={signupHref}>{copy.cta}</Cta>
      <MemberTiles members={members.slice(0, 8)} href={signupHref} fictional={fictional} />
    </div>
  )
}
`,
  )
  const copy = {
    nl: { headline: 'Ontmoet singles bij jou in de buurt', lead: 'Maak gratis een profiel op {{site}}.', cta: 'Meld je gratis aan', variants: { b: { headline: 'Wie ontmoet jij vandaag?' } } },
    en: { headline: 'Meet singles near you', lead: 'Create a free profile on {{site}}.', cta: 'Sign up for free', variants: { b: { headline: 'Who will you meet today?' } } },
  }
  for (const [locale, text] of Object.entries(copy)) writeFileSync(path.join(folder, 'copy', `${locale}.json`), `${JSON.stringify(text, null, 2)}\n`)
  writeFileSync(
    path.join(folder, 'images', 'hero.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180" role="presentation"><rect width="320" height="180" rx="16" style="fill:var(--color-primary)"/><circle cx="160" cy="90" r="56" style="fill:var(--color-secondary)"/></svg>\n',
  )
  return folder
}
