// SPEC §7 calls this /api/chat.php: the same handler as /api/chat (checked by app/modules/http/php-aliases.test.ts).
export { action } from './api.chat.ts'
