// The first screen's size budget: the JS and CSS that dist/index.html makes the browser load at
// once (the entry script, the chunks it imports statically, the stylesheets), brotli-compressed.
// Lazy chunks are not counted. Fails above the budget; run after `npm run build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const DIST = join(import.meta.dirname, '..', 'dist');

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const start = new Set();
for (const tag of tags) {
  const rel = attr(tag, 'rel');
  const url = tag.startsWith('<script') ? attr(tag, 'src') : ['stylesheet', 'modulepreload'].includes(rel) ? attr(tag, 'href') : null;
  if (url?.startsWith('/assets/')) start.add(url.slice(1));
}

// Vite's chunks import each other by relative path (`from"./Box-abc.js"`); dynamic import() is lazy.
const files = new Set();
function visit(file) {
  if (files.has(file)) return;
  files.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(join(DIST, file), 'utf8');
  for (const [, dep] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) visit(`assets/${dep}`);
}
start.forEach(visit);

const brotli = (file) => brotliCompressSync(readFileSync(join(DIST, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const total = { js: 0, css: 0 };
for (const file of [...files].sort()) {
  const size = brotli(file);
  total[file.endsWith('.css') ? 'css' : 'js'] += size;
  console.log(`${String(size).padStart(8)}  ${file}`);
}
const sum = total.js + total.css;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`first screen, brotli: JS ${kb(total.js)} + CSS ${kb(total.css)} = ${kb(sum)} (budget ${kb(BUDGET_BYTES)})`);
if (sum > BUDGET_BYTES) {
  console.error(`The first screen is over its budget by ${sum - BUDGET_BYTES} bytes.`);
  process.exit(1);
}
