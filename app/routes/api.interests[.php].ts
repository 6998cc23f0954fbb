// SPEC §7 calls this /api/interests.php: the same handlers as /api/interests (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.interests.ts'
