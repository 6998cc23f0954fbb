// SPEC §7 calls this /api/logout.php: the same handlers as /api/logout (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.logout.ts'
