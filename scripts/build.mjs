// Writes the OpenAPI schemas of libs/contracts' types when those changed (scripts/generate-schemas.mjs, also
// runnable alone), compiles the backend (services, libs, scripts, edge) with SWC into dist/, rewriting @app/<lib>
// imports, then builds the console and Display Mode with Vite and writes brotli and gzip copies of
// their text files (scripts/precompress.mjs) for the edge. `--backend` skips the front ends.
import { transformFile } from '@swc/core';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSchemas } from './generate-schemas.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');
const sourceRoots = ['services', 'libs', 'scripts', 'edge'];
const backendOnly = process.argv.includes('--backend');

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !/\.(spec|e2e-spec|browser-spec)\.ts$/.test(entry.name))
      yield full;
  }
}

const swcOptions = (file) => ({
  filename: file,
  sourceMaps: true,
  module: { type: 'commonjs' },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
    baseUrl: root,
    paths: { '@app/*': ['libs/*/src'] },
  },
});

async function buildBackend() {
  const started = Date.now();
  await rm(out, { recursive: true, force: true });
  let count = 0;
  const jobs = [];
  for (const top of sourceRoots) {
    for await (const file of walk(path.join(root, top))) {
      jobs.push(
        (async () => {
          const result = await transformFile(file, swcOptions(file));
          const target = path.join(out, path.relative(root, file)).replace(/\.ts$/, '.js');
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, result.code + `\n//# sourceMappingURL=${path.basename(target)}.map`);
          if (result.map) await writeFile(target + '.map', result.map);
          count++;
        })(),
      );
    }
  }
  await Promise.all(jobs);
  const assets = await copyServiceAssets();
  console.log(`[build] backend: ${count} files${assets.length ? ` and ${assets.join(', ')}` : ''} in ${Date.now() - started} ms -> dist/`);
}

// Files a service reads at run time (e.g. the fonts esign stamps PDFs with) live in
// services/<name>/assets/ and keep that place under dist/, beside the service's compiled src/.
async function copyServiceAssets() {
  const copied = [];
  for (const entry of await readdir(path.join(root, 'services'), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const from = path.join(root, 'services', entry.name, 'assets');
    try {
      await readdir(from);
    } catch {
      continue;
    }
    await cp(from, path.join(out, 'services', entry.name, 'assets'), { recursive: true });
    copied.push(`services/${entry.name}/assets`);
  }
  return copied;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

async function buildFrontend(workspace) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[build] ${workspace}: vite build failed`);
    process.exit(result.status ?? 1);
  }
  const compressing = Date.now();
  const t = await precompress(path.join(root, workspace, 'dist'));
  console.log(
    `[build] ${workspace}: ${compressing - started} ms; ${t.files} text files ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gzip)} in ${Date.now() - compressing} ms`,
  );
}

// Before the backend: the generated module is one of the files it compiles.
await generateSchemas();
await buildBackend();
if (!backendOnly) {
  await buildFrontend('console');
  await buildFrontend('display');
}
