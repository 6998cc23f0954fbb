// SPEC §7 calls this /api/likes.php: the same handlers as /api/likes (checked by app/modules/http/php-aliases.test.ts).
export { loader, action } from './api.likes.ts'
