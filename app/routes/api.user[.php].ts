// SPEC §7 calls this /api/user.php: the same handlers as /api/user (checked by app/modules/http/php-aliases.test.ts).
export { loader, action } from './api.user.ts'
