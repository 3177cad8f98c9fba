// Three projects: unit (no infrastructure), integration (real Postgres and Redis, started once per
// run), browser (the whole built stack in Debian's Chromium). All TypeScript goes through SWC.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const shared = {
  rootDir: __dirname,
  // jose, content-disposition 3 (under @fastify/static, which the queues board serves with) and
  // @apidevtools/json-schema-ref-parser (under swagger-parser, the OpenAPI documents' check) are
  // ESM-only; let SWC turn them into CommonJS for jest on Node 20 (node itself requires them as they are).
  transform: { '^.+\\.ts$': swc, '^.+/node_modules/(jose|content-disposition|@apidevtools/json-schema-ref-parser)/.+\\.js$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(jose|content-disposition|@apidevtools/json-schema-ref-parser)/)'],
  moduleNameMapper: { '^@app/(.*)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/console/', '<rootDir>/display/'],
};

module.exports = {
  // A worker whose heap passes this after a test file is replaced by a fresh one: each file's module registry
  // (every service it boots, the generated schemas) is not always all given back, and one worker reached
  // node's 4 GB heap limit over a whole run.
  workerIdleMemoryLimit: '1500MB',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{libs,services,edge,scripts}/**/src/**/*.spec.ts',
        '<rootDir>/test/deploy/**/*.spec.ts',
        '<rootDir>/test/unit/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'integration',
      // test/security: the security suite, kept true by every run.
      testMatch: [
        '<rootDir>/{libs,services}/*/test/**/*.e2e-spec.ts',
        '<rootDir>/test/integration/**/*.e2e-spec.ts',
        '<rootDir>/test/security/**/*.e2e-spec.ts',
      ],
      globalSetup: '<rootDir>/test/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/test/jest/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/jest/integration-setup.ts'],
    },
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/browser/stack-setup.mjs',
      globalTeardown: '<rootDir>/test/browser/stack-teardown.mjs',
    },
  ],
};
