// Zod compiles object parsers with `new Function` where it may. The pages' CSP allows no
// eval, and even Zod's guarded probe is reported as a violation, so it runs without: set
// before any schema is built (root.tsx imports this first; route modules load after it).
import { z } from 'zod'

z.config({ jitless: true })
