// Saved replies (canned responses): `{{profile}}` is the fictional profile's name, `{{member}}` the member's.
export function fillCanned(body: string, names: { profile: string; member: string }): string {
  return body.replace(/\{\{\s*profile\s*\}\}/g, names.profile).replace(/\{\{\s*member\s*\}\}/g, names.member)
}
