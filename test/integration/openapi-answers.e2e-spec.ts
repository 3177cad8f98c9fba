import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { IDEMPOTENT_OPERATIONS, SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { createTestDatabase, type TestDatabase, type TestService } from '@app/testing';
import { bootEveryService, type AnyConfig } from '../all-services';

/**
 * docs/architecture.md section 3: every service's OpenAPI document is valid and says what each operation answers:
 * a 2xx with a schema (JSON or a declared file type; 204 has no body), and every 4xx the shared
 * ErrorResponse. Annotate with ApiAnswer / ApiFileAnswer / ApiErrors of libs/platform (openapi.ts).
 */
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const ERROR_REF = '#/components/schemas/ErrorResponse';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** What is wrong with one operation's answers, if anything. */
function answerProblems(operation: Operation): string[] {
  const responses = operation.responses ?? {};
  const problems: string[] = [];
  const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
  const described = success.some(([status, response]) => status === '204' || Object.values(response.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0));
  if (!described) problems.push('no 2xx response with a schema');
  for (const [status, response] of Object.entries(responses)) {
    if (!/^4\d\d$/.test(status)) continue;
    const media = Object.values(response.content ?? {});
    if (!media.length || !media.every((m) => m.schema?.$ref === ERROR_REF)) problems.push(`${status} is not the shared ErrorResponse`);
  }
  return problems;
}

describe('every OpenAPI document declares what each operation answers', () => {
  let database: TestDatabase;
  const services: TestService<AnyConfig>[] = [];
  const documents = new Map<ServiceName, Record<string, unknown>>();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [service, sut] of await bootEveryService(database)) {
      services.push(sut);
      documents.set(service, (await request(sut.server).get(`/api/${service}/openapi.json`).expect(200)).body);
    }
  });

  afterAll(async () => {
    for (const service of services) await service.close();
    await database?.drop();
  });

  describe.each(SERVICE_NAMES)('%s', (service) => {
    it('is a valid OpenAPI document (@apidevtools/swagger-parser)', async () => {
      await expect(SwaggerParser.validate(structuredClone(documents.get(service)!) as never)).resolves.toBeDefined();
    });

    it('declares a 2xx schema for every operation and the shared error schema for its 4xx answers', () => {
      const document = documents.get(service)! as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };
      const problems = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => METHODS.includes(method))
          .flatMap(([method, operation]) => answerProblems(operation).map((problem) => `${method.toUpperCase()} ${path}: ${problem}`)),
      );
      expect(problems).toEqual([]);
      expect(document.components?.schemas?.ErrorResponse).toMatchObject({ required: expect.arrayContaining(['status', 'message']) });
    });
  });

  it('documents the optional Idempotency-Key header on exactly the operations the console retries by (IDEMPOTENT_OPERATIONS)', () => {
    const documented = [...documents.values()].flatMap((document) =>
      Object.entries((document as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>> }).paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method, operation]) => METHODS.includes(method) && operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && !p.required))
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    expect(documented.sort()).toEqual([...IDEMPOTENT_OPERATIONS].sort());
  });

  it('the check itself: finds an operation without a 2xx schema and a 4xx of another shape', () => {
    expect(answerProblems({ responses: { '200': { content: {} } } })).toEqual(['no 2xx response with a schema']);
    expect(answerProblems({ responses: { '201': { content: { 'application/json': { schema: { type: 'object' } } } }, '400': {} } })).toEqual(['400 is not the shared ErrorResponse']);
    expect(answerProblems({ responses: { '200': { content: { 'text/csv': { schema: { type: 'string' } } } }, '404': { content: { 'application/json': { schema: { $ref: ERROR_REF } } } } } })).toEqual([]);
  });
});
