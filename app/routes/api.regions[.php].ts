// SPEC §7 calls this /api/regions.php: the same handlers as /api/regions (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.regions.ts'
