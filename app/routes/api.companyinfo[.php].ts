// SPEC §7 calls this /api/companyinfo.php: the same handlers as /api/companyinfo (checked by app/modules/http/php-aliases.test.ts).
export { loader } from './api.companyinfo.ts'
