// SPEC §7 calls this /api/page-hidden.php: the same handlers as /api/page-hidden (checked by app/modules/http/php-aliases.test.ts).
export { loader, action } from './api.page-hidden.ts'
