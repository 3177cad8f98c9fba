// Brotli and gzip copies of a built front end's text files (app.js -> app.js.br, app.js.gz), made once
// at build time so that the edge serves them by Accept-Encoding without compressing per request
// (edge/src/static-files.ts). A copy that would not be smaller is not written.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Keep in step with COMPRESSIBLE_EXTENSIONS in edge/src/static-files.ts (source maps are for devtools only).
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

/** Writes the .br and .gz copies under `dir`; returns the byte totals (raw, and as served with each). */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const files = [];
  for await (const file of filesUnder(dir)) files.push(file);
  // A few at a time: zlib runs on libuv's pool of four threads anyway.
  let next = 0;
  const work = async () => {
    while (next < files.length) {
      const file = files[next++];
      const raw = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      totals.files++;
      totals.raw += raw.length;
      totals.br += Math.min(br.length, raw.length);
      totals.gzip += Math.min(gzipped.length, raw.length);
      if (br.length < raw.length) await writeFile(file + '.br', br);
      if (gzipped.length < raw.length) await writeFile(file + '.gz', gzipped);
    }
  };
  await Promise.all(Array.from({ length: 4 }, work));
  return totals;
}

// `node scripts/precompress.mjs <dir>...`: compress already built folders.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  for (const dir of process.argv.slice(2)) {
    if (!(await stat(dir).catch(() => null))) continue;
    const t = await precompress(dir);
    console.log(`[precompress] ${dir}: ${t.files} files, ${t.raw} bytes -> br ${t.br}, gzip ${t.gzip}`);
  }
}
