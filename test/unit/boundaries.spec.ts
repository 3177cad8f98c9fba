// Import boundaries of the monorepo (CONVENTIONS.md): services never import each other, libs never
// import services, libs/contracts is types and names with no dependencies, and the front ends
// share only @app/contracts. Plain fs + regex over import/require lines, so it runs in well under a second.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);

interface ImportLine {
  /** Repository-relative path of the importing file, with forward slashes. */
  file: string;
  specifier: string;
  /** Repository-relative target of a relative (or baseUrl-style) specifier; null for packages and aliases. */
  target: string | null;
}

/** Every module specifier in `source`: import/export ... from, side-effect import, import(), require(), jest.mock(). */
function specifiersIn(source: string): string[] {
  // Drop whole-line comments (a commented-out import is not an import); keep strings such as 'http://x'.
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
  const pattern =
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bjest\.(?:mock|requireActual)\s*\(\s*)(['"`])([^'"`\n]+)\1/g;
  return [...code.matchAll(pattern)].map((match) => match[2]);
}

function* sourceFiles(relativeDir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(path.join(ROOT, relativeDir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = `${relativeDir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(relative);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield relative;
    }
  }
}

function importsOf(relativeDir: string): ImportLine[] {
  const lines: ImportLine[] = [];
  for (const file of sourceFiles(relativeDir)) {
    for (const specifier of specifiersIn(readFileSync(path.join(ROOT, file), 'utf8'))) {
      let target: string | null = null;
      if (specifier.startsWith('.')) {
        target = path
          .relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))
          .split(path.sep)
          .join('/');
      } else if (/^(services|libs|edge|scripts|console|display)\//.test(specifier)) {
        // tsconfig's baseUrl is the repository root, so 'services/x/...' would compile.
        target = specifier;
      }
      lines.push({ file, specifier, target });
    }
  }
  return lines;
}

const show = (lines: ImportLine[]) => lines.map((l) => `${l.file}: '${l.specifier}'`);
const isPackage = (specifier: string) => !specifier.startsWith('.') && !specifier.startsWith('/');

describe('import boundaries', () => {
  describe(specifiersIn.name, () => {
    const sut = specifiersIn;

    it('finds every form of import and nothing in comments', () => {
      const source = [
        "import { a } from './a';",
        "import type { B } from '@app/b';",
        'import {',
        '  c,',
        '} from "../c";',
        "import './side-effect';",
        "export * from './d';",
        "export { e } from '../../e';",
        "const f = require('f');",
        "const g = await import('g');",
        "jest.mock('../h');",
        "// import { old } from '../../services/other/src/old';",
        "/* import { older } from 'older'; */",
        "const url = 'http://example.test/from';",
      ].join('\n');
      expect(sut(source)).toEqual(['./a', '@app/b', '../c', './side-effect', './d', '../../e', 'f', 'g', '../h']);
    });
  });

  const services = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('scans the real tree (not vacuously green)', () => {
    expect(services).toEqual(expect.arrayContaining(['identity', 'transactions']));
    for (const dir of ['services', 'libs', 'libs/contracts/src', 'libs/http/src', 'libs/dates/src', 'console/src', 'display/src']) {
      expect([...sourceFiles(dir)].length).toBeGreaterThan(0);
    }
  });

  // Tests included: a test that needs two services (an event crossing from one to the other)
  // belongs in test/integration/, outside both services' folders.
  it.each(services.map((s) => [s]))('services/%s imports no other service', (service) => {
    const others = services.filter((s) => s !== service);
    const crossing = importsOf(`services/${service}`).filter(
      (line) =>
        line.target !== null &&
        others.some((other) => line.target === `services/${other}` || line.target!.startsWith(`services/${other}/`)),
    );
    expect(show(crossing)).toEqual([]);
  });

  it('libs import nothing from services', () => {
    const crossing = importsOf('libs').filter(
      (line) =>
        (line.target !== null && (line.target === 'services' || line.target.startsWith('services/'))) ||
        line.specifier.startsWith('@app/services'),
    );
    expect(show(crossing)).toEqual([]);
  });

  it('libs/contracts/src imports nothing outside itself (no packages, not even node:)', () => {
    const outside = importsOf('libs/contracts/src')
      // Specs are not shipped to the front ends; they may use test helpers.
      .filter((line) => !/\.spec\.ts$/.test(line.file))
      .filter(
        (line) => isPackage(line.specifier) || (line.target !== 'libs/contracts/src' && !line.target!.startsWith('libs/contracts/src/')),
      );
    expect(show(outside)).toEqual([]);
  });

  // Plain helpers any service (or script) may use without Nest: the outbound HTTP client and the dates.
  it.each([
    ['libs/http/src', ['undici']],
    ['libs/dates/src', ['date-fns', 'date-fns-tz', '@app/contracts']],
  ])('%s imports only its own files and %p', (dir, allowed) => {
    const outside = importsOf(dir).filter((line) => {
      if (line.target !== null) return line.target !== dir && !line.target.startsWith(`${dir}/`);
      return !line.specifier.startsWith('node:') && !allowed.includes(line.specifier);
    });
    expect(show(outside)).toEqual([]);
  });

  it.each(['console/src', 'display/src'])('%s reaches libs only through @app/contracts', (dir) => {
    const wrong = importsOf(dir).filter((line) => {
      if (line.specifier.startsWith('@app/')) return !/^@app\/contracts(\/|$)/.test(line.specifier);
      if (line.target === null) return false;
      // A relative path into libs/contracts/src is what the alias resolves to; anything else in libs or services is not.
      if (line.target.startsWith('libs/')) return !line.target.startsWith('libs/contracts/src');
      return line.target.startsWith('services/') || line.target.startsWith('edge/') || line.target.startsWith('scripts/');
    });
    expect(show(wrong)).toEqual([]);
  });
});
