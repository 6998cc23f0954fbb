/**
 * Stable interest keys (SPEC §3). Labels live in the translations under
 * `interests.<key>`. Never rename a key: they are stored on profiles.
 */
export const INTERESTS = [
  // dating intentions
  'relationship',
  'casual_dating',
  'one_night_stand',
  'friendship',
  'flirting',
  // intimacy
  'kissing',
  'hugging',
  'massages',
  'lingerie',
  'sex_oral',
  'sex_roleplay',
  'sex_outdoors',
  'sex_toys',
  'sex_bdsm',
  'threesome',
  // hobbies and lifestyle
  'sports',
  'fitness',
  'music',
  'dancing',
  'movies',
  'reading',
  'art',
  'fashion',
  'photography',
  'travel',
  'nature',
  'food_and_drink',
  'cooking',
  'nightlife',
  'gaming',
] as const;

export type Interest = (typeof INTERESTS)[number];

const INTEREST_SET: ReadonlySet<string> = new Set<string>(INTERESTS);

export function isInterest(value: string): value is Interest {
  return INTEREST_SET.has(value);
}
