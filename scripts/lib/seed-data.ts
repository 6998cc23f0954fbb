// Demo-data building blocks: a deterministic pseudo-random generator and word lists
// (first names, "about me" fragments, cities per region). Pure module: no I/O.

/** 32-bit FNV-1a hash of a string, used to seed the generator. */
export function hashString(input: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a tiny, fast 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Rng = {
  /** Float in [0, 1). */
  next: () => number
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number
  /** True with probability p. */
  chance: (p: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** Picks a key with probability proportional to its weight. */
  weighted: <K extends string>(weights: Readonly<Record<K, number>>) => K
  /** n distinct items in random order (n is capped at items.length). */
  sample: <T>(items: readonly T[], n: number) => T[]
}

/** A deterministic generator seeded from a string: the same seed gives the same sequence. */
export function createRng(seed: string): Rng {
  const next = mulberry32(hashString(seed))
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: <K extends string>(weights: Readonly<Record<K, number>>): K => {
      const entries = Object.entries(weights) as [K, number][]
      const total = entries.reduce((sum, [, w]) => sum + w, 0)
      let r = next() * total
      for (const [key, w] of entries) {
        r -= w
        if (r < 0) return key
      }
      const last = entries[entries.length - 1]
      if (!last) throw new Error('weighted pick from an empty map')
      return last[0]
    },
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items]
      const count = Math.min(n, copy.length)
      for (let i = 0; i < count; i++) {
        const j = i + Math.floor(next() * (copy.length - i))
        const tmp = copy[i] as T
        copy[i] = copy[j] as T
        copy[j] = tmp
      }
      return copy.slice(0, count)
    },
  }
}

export type SeedLocale = 'nl' | 'en'
export type SeedGender = 'man' | 'woman'

export const FIRST_NAMES: Record<SeedLocale, Record<SeedGender, readonly string[]>> = {
  nl: {
    woman: [
      'Anna', 'Emma', 'Sanne', 'Lotte', 'Fleur', 'Iris', 'Eva', 'Lisa', 'Femke', 'Anouk',
      'Sophie', 'Julia', 'Lieke', 'Marloes', 'Inge', 'Esther', 'Naomi', 'Romy', 'Noor', 'Tess',
      'Mila', 'Sara', 'Laura', 'Kim', 'Manon', 'Ilse', 'Joyce', 'Linda', 'Petra', 'Marieke',
      'Annemiek', 'Wendy', 'Sandra', 'Miranda', 'Chantal', 'Nathalie', 'Elke', 'Griet', 'Hanne', 'Lien',
      'Ine', 'Katrien', 'Leen', 'Nele', 'Sofie', 'Veerle', 'An', 'Ellen', 'Britt', 'Jasmijn',
      'Floor', 'Merel', 'Yara', 'Liv', 'Roos', 'Maud', 'Isa', 'Lynn', 'Kirsten', 'Hilde',
    ],
    man: [
      'Daan', 'Sem', 'Lucas', 'Milan', 'Levi', 'Luuk', 'Thijs', 'Jesse', 'Bram', 'Ruben',
      'Stijn', 'Tim', 'Thomas', 'Niels', 'Jeroen', 'Martijn', 'Bas', 'Sander', 'Koen', 'Joost',
      'Wouter', 'Jasper', 'Rick', 'Mark', 'Dennis', 'Erik', 'Pieter', 'Maarten', 'Sven', 'Gijs',
      'Hugo', 'Finn', 'Max', 'Jens', 'Arjen', 'Ronald', 'Marco', 'Patrick', 'Vincent', 'Robin',
      'Wim', 'Kees', 'Henk', 'Jan', 'Dirk', 'Sjoerd', 'Tom', 'Pieterjan', 'Wout', 'Brecht',
      'Jelle', 'Kobe', 'Arne', 'Senne', 'Lander', 'Jonas', 'Bert', 'Geert', 'Steven', 'Dries',
    ],
  },
  en: {
    woman: [
      'Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Sophie', 'Grace', 'Lily', 'Chloe', 'Ella',
      'Charlotte', 'Jessica', 'Hannah', 'Lucy', 'Holly', 'Megan', 'Rebecca', 'Laura', 'Katie', 'Amy',
      'Rachel', 'Sarah', 'Emma', 'Hayley', 'Zoe', 'Abbie', 'Bethany', 'Eleanor', 'Harriet', 'Imogen',
      'Jade', 'Kirsty', 'Leah', 'Molly', 'Natalie', 'Poppy', 'Rosie', 'Scarlett', 'Tilly', 'Victoria',
      'Gemma', 'Claire', 'Nicola', 'Joanne', 'Donna', 'Michelle', 'Aoife', 'Ciara', 'Niamh', 'Saoirse',
      'Siobhan', 'Roisin', 'Orla', 'Caoimhe', 'Sinead', 'Aisling', 'Eimear', 'Clodagh', 'Fiona', 'Eilidh',
    ],
    man: [
      'Oliver', 'Harry', 'George', 'Jack', 'Charlie', 'Thomas', 'James', 'William', 'Joshua', 'Daniel',
      'Samuel', 'Benjamin', 'Alfie', 'Henry', 'Archie', 'Alexander', 'Joseph', 'Edward', 'Luke', 'Matthew',
      'Ryan', 'Adam', 'Callum', 'Jamie', 'Lewis', 'Liam', 'Nathan', 'Owen', 'Rhys', 'Dylan',
      'Ben', 'Chris', 'Dan', 'Sam', 'Tom', 'Will', 'Rob', 'Mark', 'Paul', 'Gareth',
      'Stuart', 'Craig', 'Scott', 'Euan', 'Fraser', 'Hamish', 'Sean', 'Conor', 'Cian', 'Darragh',
      'Eoin', 'Fionn', 'Oisin', 'Padraig', 'Ronan', 'Ciaran', 'Niall', 'Declan', 'Kieran', 'Aidan',
    ],
  },
}

export const ABOUT_FRAGMENTS: Record<SeedLocale, readonly string[]> = {
  nl: [
    'Spontaan, vrolijk en ik geniet van de kleine dingen.',
    'Op zondag wandel ik graag langs het strand of door het bos.',
    'Koken voor vrienden is voor mij de perfecte avond.',
    'Ik hou van een goed gesprek met een glas wijn erbij.',
    'Reizen is mijn grote passie, volgend jaar wil ik naar Japan.',
    'Sporten houdt me scherp: hardlopen, fietsen en af en toe padel.',
    'Ik ben op zoek naar iemand met humor en een goed hart.',
    'Muziek staat bij mij altijd aan, van jazz tot techno.',
    'Ik werk in de zorg en haal energie uit mensen helpen.',
    'Een terrasje pakken in de zon, daar word ik blij van.',
    'Eerlijkheid en loyaliteit vind ik het allerbelangrijkst.',
    'Ik ben best een nachtmens en hou van uitgaan.',
    'Met mijn hond ben ik elke dag buiten te vinden.',
    'Ik lees graag thrillers en kijk af en toe een goede serie.',
    'Laten we gewoon eens afspreken voor een kop koffie.',
    'Ik sta open voor iets serieus, maar eerst even kennismaken.',
    'Vrienden zeggen dat ik zorgzaam en een beetje eigenwijs ben.',
    'Fotografie is mijn hobby, vooral landschappen en steden.',
    'Ik ben nieuw hier en benieuwd wie ik tegenkom.',
    'Stuur gerust een berichtje, ik bijt niet!',
  ],
  en: [
    'Easy-going and always up for a laugh.',
    'Weekends are for long walks, Sunday roasts and a good pub quiz.',
    "I love travelling and I'm already planning the next trip.",
    'Looking for someone kind, honest and a bit cheeky.',
    'Big fan of live music, festivals and a proper night out.',
    'I work hard and play harder, but I also love a night in with a film.',
    'Dog person through and through.',
    "I can cook a mean curry and I'm not afraid to prove it.",
    'Gym a few times a week, but I never say no to pizza.',
    'Bookworm with a soft spot for crime novels.',
    'New to the area and keen to meet new people.',
    'Coffee first, then we can talk.',
    'Friends would describe me as loyal, chatty and a little bit mad.',
    'I enjoy hiking, the coast and getting out of the city.',
    'Not great at these bios, just say hello!',
    'Rugby on a Saturday, lazy brunch on a Sunday.',
    'Looking for something real, no games please.',
    'Into photography, art galleries and random road trips.',
    'Happy to see where things go.',
    "Send me a message and let's have a chat.",
  ],
}

/** 2-4 cities per region code (codes as in app/modules/geo/regions.ts). */
export const CITIES: Record<'NL' | 'BE' | 'GB' | 'IE', Record<string, readonly string[]>> = {
  NL: {
    DR: ['Assen', 'Emmen', 'Hoogeveen', 'Meppel'],
    FL: ['Almere', 'Lelystad', 'Dronten', 'Emmeloord'],
    FR: ['Leeuwarden', 'Sneek', 'Heerenveen', 'Drachten'],
    GE: ['Arnhem', 'Nijmegen', 'Apeldoorn', 'Ede'],
    GR: ['Groningen', 'Veendam', 'Delfzijl', 'Hoogezand'],
    LI: ['Maastricht', 'Venlo', 'Heerlen', 'Roermond'],
    NB: ['Eindhoven', 'Tilburg', 'Breda', "'s-Hertogenbosch"],
    NH: ['Amsterdam', 'Haarlem', 'Alkmaar', 'Hilversum'],
    OV: ['Zwolle', 'Enschede', 'Deventer', 'Hengelo'],
    UT: ['Utrecht', 'Amersfoort', 'Nieuwegein', 'Zeist'],
    ZE: ['Middelburg', 'Vlissingen', 'Goes', 'Terneuzen'],
    ZH: ['Rotterdam', 'Den Haag', 'Leiden', 'Delft'],
  },
  BE: {
    VAN: ['Antwerpen', 'Mechelen', 'Turnhout', 'Lier'],
    VLI: ['Hasselt', 'Genk', 'Tongeren', 'Sint-Truiden'],
    VOV: ['Gent', 'Aalst', 'Sint-Niklaas', 'Oudenaarde'],
    VBR: ['Leuven', 'Vilvoorde', 'Halle', 'Tienen'],
    VWV: ['Brugge', 'Kortrijk', 'Oostende', 'Roeselare'],
    WBR: ['Wavre', 'Nivelles', 'Waterloo', 'Ottignies'],
    WHT: ['Charleroi', 'Mons', 'Tournai', 'La Louvière'],
    WLG: ['Liège', 'Verviers', 'Seraing', 'Huy'],
    WLX: ['Arlon', 'Bastogne', 'Marche-en-Famenne'],
    WNA: ['Namur', 'Dinant', 'Gembloux', 'Ciney'],
    BRU: ['Brussel', 'Elsene', 'Schaarbeek', 'Ukkel'],
  },
  GB: {
    ENG: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Bristol', 'Liverpool', 'Newcastle', 'Brighton'],
    SCT: ['Glasgow', 'Edinburgh', 'Aberdeen', 'Dundee'],
    WLS: ['Cardiff', 'Swansea', 'Newport', 'Wrexham'],
    NIR: ['Belfast', 'Derry', 'Lisburn', 'Newry'],
  },
  IE: {
    C: ['Galway', 'Sligo', 'Castlebar', 'Athlone'],
    L: ['Dublin', 'Kilkenny', 'Drogheda', 'Bray'],
    M: ['Cork', 'Limerick', 'Waterford', 'Tralee'],
    U: ['Letterkenny', 'Cavan', 'Monaghan', 'Buncrana'],
  },
}

/** Rough population weights so big regions get more members; unknown regions weigh 1. */
export const REGION_WEIGHTS: Partial<Record<string, Readonly<Record<string, number>>>> = {
  NL: { NH: 4, ZH: 5, NB: 3, GE: 3, UT: 2, OV: 2, LI: 2, GR: 1, FR: 1, DR: 1, FL: 1, ZE: 1 },
  BE: { VAN: 3, VOV: 3, VWV: 2, VBR: 2, VLI: 2, BRU: 2, WHT: 2, WLG: 2, WNA: 1, WBR: 1, WLX: 1 },
  GB: { ENG: 12, SCT: 2, WLS: 1, NIR: 1 },
  IE: { L: 5, M: 3, C: 1, U: 1 },
}

/** Rough population weights between countries of one pool; unknown countries weigh 1. */
export const COUNTRY_WEIGHTS: Readonly<Record<string, number>> = { NL: 3, BE: 2, GB: 5, IE: 1 }

/** Cities of a region, empty when the region is not in the list. */
export function citiesFor(country: string, region: string): readonly string[] {
  const byRegion = (CITIES as Record<string, Record<string, readonly string[]> | undefined>)[country]
  return byRegion?.[region] ?? []
}
