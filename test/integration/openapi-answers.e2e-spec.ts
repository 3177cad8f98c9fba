import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { IDEMPOTENT_OPERATIONS, PERMISSIONS, SERVICE_NAMES, type ServiceName } from '@app/contracts';
import {
  createTestDatabase,
  IdentityFactory,
  signInThroughApi,
  TasksFactory,
  TransactionsFactory,
  type SignedInClient,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { bootEveryService, type AnyConfig } from '../all-services';
import { conformanceProblems, contractProblem, type OpenApiSchema } from './openapi-conformance';

/**
 * docs/architecture.md section 3: every service's OpenAPI document is valid and says what each operation answers:
 * a 2xx with a schema (JSON or a declared file type; 204 has no body), and every 4xx the shared
 * ErrorResponse. Annotate with ApiAnswer / ApiFileAnswer / ApiErrors of libs/platform (openapi.ts).
 */
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const ERROR_REF = '#/components/schemas/ErrorResponse';

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** Every 2xx JSON answer of the document whose schema is not a generated libs/contracts type (docs/openapi.md). */
function contractAnswerProblems(document: Document): string[] {
  const components = document.components?.schemas ?? {};
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {})
          .filter(([status]) => /^2\d\d$/.test(status))
          .flatMap(([status, response]) => {
            const json = response.content?.['application/json'];
            const problem = json ? contractProblem(json.schema as OpenApiSchema | undefined, components) : null;
            return problem ? [`${method.toUpperCase()} ${path} ${status}: ${problem}`] : [];
          }),
      ),
  );
}

/** What is wrong with one operation's answers, if anything. */
function answerProblems(operation: Operation): string[] {
  const responses = operation.responses ?? {};
  const problems: string[] = [];
  const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
  const described = success.some(
    ([status, response]) =>
      status === '204' || Object.values(response.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0),
  );
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
  const servers = new Map<ServiceName, TestService<AnyConfig>['server']>();
  let admin: SignedInClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    const booted = await bootEveryService(database);
    for (const [service, sut] of booted) {
      services.push(sut);
      servers.set(service, sut.server);
      documents.set(service, (await request(sut.server).get(`/api/${service}/openapi.json`).expect(200)).body);
    }
    // An ADMIN of a team with every permission, signed in for real: identity signs the token every service reads.
    const factory = new IdentityFactory(booted.get('identity')!.dataSource);
    const team = await factory.team({ permissions: [...PERMISSIONS] });
    const user = await factory.user(team, { role: 'ADMIN', permissions: [...PERMISSIONS], esign_enabled: true });
    admin = await signInThroughApi(servers.get('identity')!, user.email, user.password);
    // Rows for the lists to answer with (not only empty pages): a transaction with a contact, a task and a roadmap.
    const transactions = new TransactionsFactory(booted.get('transactions')!.dataSource);
    const tasks = new TasksFactory(booted.get('transactions')!.dataSource);
    const options = await transactions.options(team.team_id);
    await transactions.agent(team.team_id, user.agent_id, ['ADMIN']);
    const made = await transactions.transaction(options, { primary_agent_id: user.agent_id, tag_ids: [options.tags.hot] });
    await tasks.task(team.team_id, made.client_id, { assigned_to_agent_id: user.agent_id, due_dt: '2026-12-24' });
    await tasks.roadmapTemplate(team.team_id, { name: 'Listing', steps: [{}] });
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
      const document = documents.get(service)! as {
        paths: Record<string, Record<string, Operation>>;
        components?: { schemas?: Record<string, unknown> };
      };
      const problems = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => METHODS.includes(method))
          .flatMap(([method, operation]) => answerProblems(operation).map((problem) => `${method.toUpperCase()} ${path}: ${problem}`)),
      );
      expect(problems).toEqual([]);
      expect(document.components?.schemas?.ErrorResponse).toMatchObject({ required: expect.arrayContaining(['status', 'message']) });
    });

    it('answers every 2xx JSON with the schema of a libs/contracts type the document holds (generated, not written in place)', () => {
      expect(contractAnswerProblems(documents.get(service)! as Document)).toEqual([]);
    });

    it('real answers conform: each GET without path or required query parameters, asked as an ADMIN, matches its 200 schema', async () => {
      const document = documents.get(service)! as Document;
      const components = document.components?.schemas ?? {};
      const checked: string[] = [];
      const problems: string[] = [];
      for (const [path, item] of Object.entries(document.paths)) {
        const operation = item.get;
        const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
        if (!operation || !schema || path.includes('{') || operation.parameters?.some((p) => p.in === 'query' && p.required)) continue;
        // Each service's own server: the token identity signed is good on every one.
        const answer = await request(servers.get(service)!).get(path).set('authorization', `Bearer ${admin.token}`);
        if (answer.status !== 200 || !String(answer.headers['content-type']).startsWith('application/json')) continue;
        checked.push(path);
        problems.push(...conformanceProblems(answer.body, schema as OpenApiSchema, components).map((problem) => `GET ${path}: ${problem}`));
      }
      expect(problems).toEqual([]);
      expect(checked.length).toBeGreaterThan(0);
    });
  });

  it('documents the e-sign write bodies as their libs/contracts types', () => {
    const paths = (documents.get('esign') as Document).paths;
    const body = (path: string, method: string) => paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
    expect(body('/api/esign/requests', 'post')).toEqual({ $ref: '#/components/schemas/EsignRequestSend' });
    expect(body('/api/esign/drafts', 'post')).toEqual({ $ref: '#/components/schemas/CreateEsignDraftRequest' });
    expect(body('/api/esign/sign/{token}/complete', 'post')).toEqual({ $ref: '#/components/schemas/CompleteSigningRequest' });
    expect(body('/api/esign/sign/{token}/decline', 'post')).toEqual({ $ref: '#/components/schemas/DeclineSigningRequest' });
  });

  it('documents the optional Idempotency-Key header on exactly the operations the console retries by (IDEMPOTENT_OPERATIONS)', () => {
    const documented = [...documents.values()].flatMap((document) =>
      Object.entries(
        (document as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>> }).paths,
      ).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(
            ([method, operation]) =>
              METHODS.includes(method) &&
              operation.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && !p.required),
          )
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    expect(documented.sort()).toEqual([...IDEMPOTENT_OPERATIONS].sort());
  });

  it('the checks themselves: an answer written in place or naming no contract type, and answers that do not conform', () => {
    const components = { Pagination: { type: 'object' } };
    expect(contractProblem({ type: 'object', properties: {} }, components)).toBe('a schema written in place, not a libs/contracts type');
    expect(contractProblem({ $ref: '#/components/schemas/SomethingDto' }, components)).toBe(
      'SomethingDto is not a generated libs/contracts schema',
    );
    expect(contractProblem({ type: 'array', items: { $ref: '#/components/schemas/TeamSettings' } }, components)).toBe(
      "TeamSettings is missing from the document's components",
    );
    expect(contractProblem({ $ref: '#/components/schemas/Pagination' }, components)).toBeNull();
    const schema = {
      type: 'object',
      required: ['id', 'kind'],
      properties: { id: { type: 'number' }, kind: { type: 'string', enum: ['a'] }, note: { type: 'string', nullable: true } },
    };
    expect(conformanceProblems({ id: 1, kind: 'a', note: null, extra: true }, schema, {})).toEqual([]);
    expect(conformanceProblems({ id: '1', note: null }, schema, {})).toEqual(['$.kind: missing', '$.id: "1" where number']);
    expect(
      conformanceProblems([{ id: 1, kind: 'b' }], { type: 'array', items: { $ref: '#/components/schemas/X' } }, { X: schema }),
    ).toEqual(['$[0].kind: "b" is not one of ["a"]']);
    expect(conformanceProblems(null, { allOf: [{ $ref: '#/components/schemas/X' }], nullable: true }, { X: schema })).toEqual([]);
  });

  it('the check itself: finds an operation without a 2xx schema and a 4xx of another shape', () => {
    expect(answerProblems({ responses: { '200': { content: {} } } })).toEqual(['no 2xx response with a schema']);
    expect(
      answerProblems({ responses: { '201': { content: { 'application/json': { schema: { type: 'object' } } } }, '400': {} } }),
    ).toEqual(['400 is not the shared ErrorResponse']);
    expect(
      answerProblems({
        responses: {
          '200': { content: { 'text/csv': { schema: { type: 'string' } } } },
          '404': { content: { 'application/json': { schema: { $ref: ERROR_REF } } } },
        },
      }),
    ).toEqual([]);
  });
});
