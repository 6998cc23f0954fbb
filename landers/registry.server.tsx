// Every lander folder, found by Vite at build time (no list to edit): landers/<name>/ with
// lander.ts (variants), component.tsx, copy/<locale>.json and images/*.svg. A lander is
// rendered to HTML on the server; the page ships none of its code.
import { renderToString } from 'react-dom/server'
import type { LanderComponent, LanderCopy, LanderDefinition, LanderProps, LanderVariant } from './define.ts'

type CopyFile = Record<string, string> & { variants?: Record<string, Record<string, string>> }

const definitions = import.meta.glob<LanderDefinition>('./*/lander.ts', { eager: true, import: 'default' })
const components = import.meta.glob<LanderComponent>('./*/component.tsx', { eager: true, import: 'default' })
const copies = import.meta.glob<CopyFile>('./*/copy/*.json', { eager: true, import: 'default' })
const images = import.meta.glob<string>('./*/images/*.svg', { eager: true, query: '?raw', import: 'default' })

export type Lander = {
  name: string
  definition: LanderDefinition
  Component: LanderComponent
  /** locale -> copy file */
  copy: Record<string, CopyFile>
  /** image name -> SVG markup */
  images: Record<string, string>
}

const folderOf = (key: string) => key.split('/')[1] ?? ''
const fileOf = (key: string) => (key.split('/').pop() ?? '').replace(/\.[a-z]+$/, '')

function build(): Map<string, Lander> {
  const landers = new Map<string, Lander>()
  for (const [key, definition] of Object.entries(definitions)) {
    const name = folderOf(key)
    const Component = components[`./${name}/component.tsx`]
    if (!Component) throw new Error(`landers/${name}: component.tsx is missing`)
    landers.set(name, { name, definition, Component, copy: {}, images: {} })
  }
  for (const [key, file] of Object.entries(copies)) {
    const lander = landers.get(folderOf(key))
    if (lander) lander.copy[fileOf(key)] = file
  }
  for (const [key, svg] of Object.entries(images)) {
    const lander = landers.get(folderOf(key))
    if (lander) lander.images[fileOf(key)] = svg
  }
  return landers
}

const LANDERS = build()

export function getLander(name: string): Lander | undefined {
  return LANDERS.get(name)
}

export function landerNames(): string[] {
  return [...LANDERS.keys()].sort()
}

export function findVariant(lander: Lander, id: string): LanderVariant | undefined {
  return lander.definition.variants.find((v) => v.id === id)
}

/**
 * The page locale's copy, else the site's default locale's, else English, else Dutch. A
 * site's offered locales all have copy for its landers (copy.test.ts); the fallbacks only
 * guard a lander added since.
 */
export function copyFor(lander: Lander, locale: string, variant: string, values: Record<string, string>, siteDefault?: string): LanderCopy {
  const file = lander.copy[locale] ?? (siteDefault ? lander.copy[siteDefault] : undefined) ?? lander.copy.en ?? lander.copy.nl ?? {}
  const { variants, ...base } = file
  const merged: Record<string, string> = { ...base, ...(variants?.[variant] ?? {}) }
  for (const key of Object.keys(merged)) {
    merged[key] = (merged[key] ?? '').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
  }
  return merged
}

export function renderLander(lander: Lander, props: Omit<LanderProps, 'image'>): string {
  const variant = findVariant(lander, props.variant)
  const image = lander.images[variant?.image ?? 'hero'] ?? lander.images.hero ?? ''
  const { Component } = lander
  return renderToString(<Component {...props} image={image} />)
}
