// Writes a brotli (.br) and a gzip (.gz) copy next to each compressible file of dist/, which the
// server sends to browsers that accept them (crates/server/src/spa.rs). Runs after `vite build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST = join(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function precompress(file) {
  const data = await readFile(file);
  const variants = [
    ['.br', await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
    ['.gz', await gz(data, { level: 9 })],
  ];
  // A tiny file can come out larger; the server then sends it as it is.
  for (const [ext, packed] of variants) if (packed.length < data.length) await writeFile(file + ext, packed);
}

const files = (await readdir(DIST, { recursive: true })).filter((f) => COMPRESSIBLE.test(f)).map((f) => join(DIST, f));
await Promise.all(files.map(precompress));
console.log(`precompressed ${files.length} files in dist/ (brotli and gzip)`);
