// SPEC §7 calls this /api/geocode.php: the same handlers as /api/geocode (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.geocode.ts'
