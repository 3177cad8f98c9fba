import SwaggerParser from '@apidevtools/swagger-parser';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CONTRACT_SCHEMAS, type ContractSchemaName } from './contract-schemas.generated';
import { addContractSchemas, componentNameOf, contractArraySchema, contractSchema, toOpenApiSchema } from './openapi-schemas';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const componentOf = (name: ContractSchemaName) => toOpenApiSchema(CONTRACT_SCHEMAS[name]) as Record<string, unknown>;

describe('OpenAPI schemas from libs/contracts (openapi-schemas.ts)', () => {
  it('the generated file is as new as libs/contracts (node scripts/generate-schemas.mjs --check)', () => {
    const check = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'generate-schemas.mjs'), '--check'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('every generated type becomes a valid OpenAPI 3.0 component (@apidevtools/swagger-parser)', async () => {
    const names = Object.keys(CONTRACT_SCHEMAS) as ContractSchemaName[];
    expect(names.length).toBeGreaterThan(300);
    const document = {
      openapi: '3.0.0',
      info: { title: 'every contract type', version: '1' },
      paths: {},
      components: { schemas: Object.fromEntries(names.map((name) => [componentNameOf(name), componentOf(name)])) },
    };
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('names generic uses as OpenAPI accepts them', () => {
    expect(componentNameOf('FilterOption<string>')).toBe('FilterOption_string');
    expect(componentNameOf('SuccessWith<TeamSettings>')).toBe('SuccessWith_TeamSettings');
    expect(componentNameOf('Map<string, number>')).toBe('Map_string_number');
  });

  it('generics: SuccessWith<TeamSettings> keeps its fixed fields and references its record', () => {
    expect(componentOf('TeamSettingsSaved')).toEqual({ $ref: '#/components/schemas/SuccessWith_TeamSettings' });
    expect(componentOf('SuccessWith<TeamSettings>')).toMatchObject({
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['success'] },
        message: { type: 'string' },
        record: { $ref: '#/components/schemas/TeamSettings' },
      },
      required: ['status', 'message', 'record'],
    });
  });

  it('extends and Omit: CreateEsignRequestFromDraft has the request fields but client_id, template_ids and packet_id, and its own', () => {
    const schema = componentOf('CreateEsignRequestFromDraft') as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['draft_id', 'client_id', 'signers', 'signature_order', 'email_config']),
    );
    expect(schema.properties).not.toHaveProperty('template_ids');
    expect(schema.properties).not.toHaveProperty('packet_id');
    expect(schema.required).toEqual(expect.arrayContaining(['draft_id', 'signers']));
    expect(schema.required).not.toContain('client_id');
    expect(componentOf('AccountProfile')).toMatchObject({
      properties: { agent_id: { type: 'number' }, caps_editable: { type: 'boolean' } },
    });
  });

  it('string-literal enums from as const arrays, and nullable unions', () => {
    expect(componentOf('EsignSigningState')).toEqual({
      type: 'string',
      enum: ['open', 'waiting', 'signed', 'declined', 'expired', 'cancelled'],
    });
    expect(componentOf('DashboardId')).toEqual({ type: 'number', enum: [7, 9, 2, 3, 4] });
    const template = componentOf('EsignTemplate') as { properties: Record<string, unknown> };
    expect(template.properties.external_id).toMatchObject({ type: 'string', nullable: true });
    expect(template.properties.status).toEqual({ $ref: '#/components/schemas/EsignTemplateStatus' });
    expect(componentOf('ImageLink')).toMatchObject({ properties: { url: { type: 'string', nullable: true } } });
  });

  it('unions of object types: each member, and the e-sign bodies are their contract types, not any object', () => {
    expect(componentOf('EsignRequestAnswer')).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/EsignRequestCreated' }, { $ref: '#/components/schemas/EsignPreviewResponse' }],
    });
    expect(componentOf('CompleteSigningRequest')).toMatchObject({
      type: 'object',
      properties: { values: { type: 'object' }, consent: { type: 'boolean' } },
      required: ['values', 'consent'],
    });
    expect(componentOf('DeclineSigningRequest')).toMatchObject({ properties: { reason: { type: 'string' } }, required: ['reason'] });
    expect(componentOf('CreateEsignDraftRequest')).toMatchObject({ required: ['client_id'] });
    expect(componentOf('CreateEsignRequest')).not.toHaveProperty('additionalProperties', true);
  });

  it('turns draft-07 into OpenAPI 3.0: null types, const, tuples, references beside a description', () => {
    expect(toOpenApiSchema({ type: ['string', 'null'] })).toEqual({ type: 'string', nullable: true });
    expect(toOpenApiSchema({ anyOf: [{ $ref: '#/definitions/X' }, { type: 'null' }] })).toEqual({
      allOf: [{ $ref: '#/components/schemas/X' }],
      nullable: true,
    });
    expect(toOpenApiSchema({ type: 'string', const: 'D' })).toEqual({ type: 'string', enum: ['D'] });
    expect(toOpenApiSchema({ type: 'array', items: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2 })).toEqual({
      type: 'array',
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
    });
    expect(toOpenApiSchema({ $ref: '#/definitions/FilterOption%3Cstring%3E', description: 'Why' })).toEqual({
      allOf: [{ $ref: '#/components/schemas/FilterOption_string' }],
      description: 'Why',
    });
    expect(toOpenApiSchema({ type: 'object', $comment: 'x', examples: ['a'], propertyNames: {} })).toEqual({
      type: 'object',
      example: 'a',
    });
  });

  it('adds the contract schemas a document refers to, through other schemas too, and no others', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/x': {
          get: {
            responses: {
              '200': { description: 'OK', content: { 'application/json': { schema: contractArraySchema('TeamSettingsSaved') } } },
            },
          },
        },
      },
    } as unknown as OpenAPIObject;
    const schemas = addContractSchemas(document).components!.schemas!;
    expect(Object.keys(schemas).sort()).toEqual(['SuccessWith_TeamSettings', 'TeamSettings', 'TeamSettingsSaved']);
  });

  it('refuses a DTO class and a contract type of one name', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/x': {
          get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: contractSchema('TeamSettings') } } } } },
        },
      },
      components: { schemas: { TeamSettings: { type: 'object' } } },
    } as unknown as OpenAPIObject;
    expect(() => addContractSchemas(document)).toThrow(/both a DTO class and a libs\/contracts type/);
  });
});
