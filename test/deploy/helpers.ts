// Shared by the deployment tests: file access and YAML parsing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// js-yaml 4 (root devDependency) has no bundled types and @types/js-yaml is not installed: declare
// the two calls used here. Its default schema resolves YAML merge keys (`<<: *anchor`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jsYaml = require('js-yaml') as {
  load(source: string, options?: { filename?: string }): unknown;
  loadAll(source: string, iterator?: null, options?: { filename?: string }): unknown[];
};

/** A parsed manifest or compose node: deliberately loose, the tests check the shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

export const ROOT = path.resolve(__dirname, '..', '..');

export function repoPath(...parts: string[]): string {
  return path.join(ROOT, ...parts);
}

export function readText(relative: string): string {
  return readFileSync(repoPath(relative), 'utf8');
}

export function exists(relative: string): boolean {
  return existsSync(repoPath(relative));
}

export function loadYaml(relative: string): Node {
  return jsYaml.load(readText(relative), { filename: relative });
}

export function loadAllYaml(relative: string): Node[] {
  return jsYaml.loadAll(readText(relative), null, { filename: relative }).filter((doc) => doc != null);
}

export function parseYaml(source: string): Node {
  return jsYaml.load(source);
}

/** Every *.yaml / *.yml file under a folder, as paths relative to that folder, sorted. */
export function yamlFilesUnder(relativeDir: string): string[] {
  const base = repoPath(relativeDir);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) found.push(path.relative(base, full).split(path.sep).join('/'));
    }
  };
  walk(base);
  return found.sort();
}
