// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
// highest settings: the server sends the copy a browser accepts (@fastify/static preCompressed),
// so a phone downloads a third of the bytes without the server compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const compressible = /\.(js|css|svg|json|txt|webmanifest)$/;
// Below this, the headers of a second encoding cost more than they save.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else yield file;
  }
}

let count = 0;
for (const file of files(distDir)) {
  if (!compressible.test(file) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} assets (.br and .gz) in ${path.relative(process.cwd(), distDir)}`);
