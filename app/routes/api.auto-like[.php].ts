// SPEC §7 calls this /api/auto-like.php: the same handlers as /api/auto-like (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.auto-like.ts'
