// SPEC §7 calls this /api/settings.php: the same handlers as /api/settings (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.settings.ts'
