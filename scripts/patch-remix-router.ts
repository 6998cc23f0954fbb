// Postinstall: two memoisations in the server build of @remix-run/router 1.23.x, where the
// profile of `npm run bench` found a sixth of a small page's CPU (docs/decisions/012):
// - compilePath builds the same regular expression for the same route path on every match
//   of every request; it is a pure function of (path, caseSensitive, end), so it is cached;
// - matchRoutes flattens and ranks the whole route tree on every call; on the server that
//   tree never changes after start, so the ranked branches are cached per routes array.
// Only router.cjs.js (what Node loads) is patched; the browser bundle is left alone, as its
// route tree grows with lazy route discovery. The patch checks the exact text it replaces
// and refuses (with a message, not a failed install) when a new version differs.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const MARKER = '/* dating-engine: memoised route matching */'
const file = path.resolve('node_modules/@remix-run/router/dist/router.cjs.js')

const replacements: [string, string][] = [
  [
    'function compilePath(path, caseSensitive, end) {\n',
    `${MARKER}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + String(caseSensitive) + "\\u0000" + String(end);
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`,
  ],
  [
    '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n  let matches = null;\n  let decoded = decodePath(pathname);',
    `  let branches = rankedBranches.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  let matches = null;
  let decoded = decodePath(pathname);`,
  ],
  ['function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n', 'const rankedBranches = new WeakMap();\nfunction matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n'],
]

if (!existsSync(file)) {
  console.info('patch-remix-router: @remix-run/router is not installed, nothing to do')
} else {
  let source = readFileSync(file, 'utf8')
  if (source.includes(MARKER)) {
    console.info('patch-remix-router: already patched')
  } else if (!replacements.every(([from]) => source.split(from).length === 2)) {
    console.warn('patch-remix-router: @remix-run/router changed; route matching is left unpatched (see docs/decisions/012)')
  } else {
    for (const [from, to] of replacements) source = source.replace(from, to)
    // A new file renamed over the old one: hard-linked copies of node_modules keep theirs.
    writeFileSync(`${file}.tmp`, source)
    renameSync(`${file}.tmp`, file)
    console.info('patch-remix-router: route matching memoised')
  }
}

// The browser side of @remix-run/react: a route module that fails to load (a deploy removed
// its chunk) reloads the page, but without limit, so a lasting failure loops. SPEC §4/§9
// allow one reload per 60 s: the patched loader asks window.__chunkReloadAllowed (installed
// by app/entry.client.tsx, app/modules/http/reload-guard.ts). Refused, it loads the page
// being navigated to as a document instead (the server renders it whole; Remix's own answer,
// an error thrown here, leaves a blank page), so there is no loop and no blank page.
const CHUNK_MARKER = '/* dating-engine: chunk reload guard v2 */'
const CHUNK_FROM = '    window.location.reload();\n    return new Promise(() => {'
const CHUNK_TO = `    ${CHUNK_MARKER}
    if (typeof window.__chunkReloadAllowed === "function" && !window.__chunkReloadAllowed()) {
      let next = window.__remixRouter && window.__remixRouter.state.navigation.location;
      if (!next) throw error;
      window.location.assign(next.pathname + next.search + next.hash);
    } else window.location.reload();
    return new Promise(() => {`
for (const name of ['esm/routeModules.js', 'routeModules.js']) {
  const target = path.resolve('node_modules/@remix-run/react/dist', name)
  if (!existsSync(target)) continue
  const code = readFileSync(target, 'utf8')
  if (code.includes(CHUNK_MARKER)) continue
  if (code.split(CHUNK_FROM).length !== 2) {
    console.warn(`patch-remix-router: @remix-run/react changed (${name}); chunk reloads are not limited`)
    continue
  }
  writeFileSync(`${target}.tmp`, code.replace(CHUNK_FROM, CHUNK_TO))
  renameSync(`${target}.tmp`, target)
  console.info(`patch-remix-router: chunk reload guard in ${name}`)
}

