// What a lander folder declares (landers/<name>/lander.ts): its A/B variants and, for the
// member landings, that it features one member. The copy lives beside it per locale
// (copy/<locale>.json), the images in images/*.svg, the markup in component.tsx.
import type { ComponentType } from 'react'

export type LanderVariant = {
  /** Also the slug: /landers/<name>/<id> shows this variant without drawing one. */
  id: string
  /** Relative weight of the A/B draw; 0 = reachable by its slug only. */
  weight: number
  /** The image (images/<name>.svg) this variant shows; defaults to 'hero'. */
  image?: string
}

export type LanderDefinition = {
  /** The first variant is the control the report compares the others with. */
  variants: readonly LanderVariant[]
  /** Member landings: /members/{id}/landing… feature that member; not listed in tenant files. */
  member?: boolean
}

export function defineLander(definition: LanderDefinition): LanderDefinition {
  return definition
}

/** A member as a lander shows it (built from the pool's visible members). */
export type LanderMember = { id: number; name: string; age: number; place: string; thumb: string | null; fictional: boolean }

/** A lander's copy after the variant's overrides and the site name are applied. */
export type LanderCopy = Readonly<Record<string, string>>

export type LanderProps = {
  copy: LanderCopy
  members: readonly LanderMember[]
  /** The featured member of a member landing. */
  member: LanderMember | null
  /** /signup with the traffic source; every call to action links here. */
  signupHref: string
  /** SVG markup of the variant's image (from the lander's images folder). */
  image: string
  variant: string
  /** The site's label for fictional profiles (icon and name), shown on their cards. */
  fictional: { icon: string; label: string }
}

export type LanderComponent = ComponentType<LanderProps>
