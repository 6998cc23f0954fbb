// The match finder (SPEC §2): three answers become a member search. Age and appearance
// become filters. The third answer (race: white or other) is accepted and deliberately
// dropped: the engine stores no ethnicity, which is special-category personal data under
// GDPR art. 9, so there is nothing to search on and nothing of it is kept or logged.
import type { z } from 'zod'
import { AGE_MAX, AGE_MIN, type MatchFinderSchema } from './search-params.ts'

export type MatchFinderAnswers = z.infer<typeof MatchFinderSchema>

/** The /members URL the answers lead to; the looking-for gender stays the member's default. */
export function matchFinderTarget(answers: MatchFinderAnswers, minimumAge: number): string {
  const params = new URLSearchParams()
  if (answers.age === '18-35') {
    params.set('min_age', String(Math.max(AGE_MIN, minimumAge)))
    params.set('max_age', '35')
  } else {
    params.set('min_age', '35')
    params.set('max_age', String(AGE_MAX))
  }
  params.set('appearance', answers.appearance)
  return `/members?${params.toString()}`
}
