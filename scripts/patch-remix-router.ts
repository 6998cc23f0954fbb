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
