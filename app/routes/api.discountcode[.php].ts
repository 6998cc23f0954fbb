// SPEC §7 calls this /api/discountcode.php: the same handler as /api/discountcode (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.discountcode.ts'
