// SPEC §7 calls this /api/chats.php: the same handler as /api/chats (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.chats.ts'
