import type { OpenAPIObject } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CONTRACT_SCHEMAS, type ContractSchemaName } from './contract-schemas.generated';

/**
 * The OpenAPI documents' schemas come from the types of libs/contracts: scripts/generate-schemas.mjs writes
 * their JSON schemas (draft-07) into contract-schemas.generated.ts at build time, and this turns the ones a
 * document refers to into its components (OpenAPI 3.0: `nullable` for null, `enum` for `const`, no tuples).
 * A service names a type (contractSchema('EsignDraft')); a name that is not an exported type fails tsc.
 */
export type { ContractSchemaName } from './contract-schemas.generated';

const COMPONENTS = '#/components/schemas/';
const DEFINITIONS = '#/definitions/';

/** A component name OpenAPI accepts (^[A-Za-z0-9._-]+$): FilterOption<string> -> FilterOption_string. */
export function componentNameOf(typeName: string): string {
  return typeName
    .replace(/[<,]\s*/g, '_')
    .replace(/>/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '_');
}

const typeNameByComponent = new Map<string, ContractSchemaName>();
for (const name of Object.keys(CONTRACT_SCHEMAS) as ContractSchemaName[]) {
  const component = componentNameOf(name);
  const other = typeNameByComponent.get(component);
  if (other) throw new Error(`Contract types ${other} and ${name} would share the OpenAPI component ${component}`);
  typeNameByComponent.set(component, name);
}

/** Whether a component name is that of a libs/contracts type (the tests' check that answers are contract types). */
export function isContractComponent(component: string): boolean {
  return typeNameByComponent.has(component);
}

/** A reference to the component schema of a libs/contracts type. */
export function contractSchema(name: ContractSchemaName): ReferenceObject {
  if (!(name in CONTRACT_SCHEMAS)) throw new Error(`No generated schema for ${name}: run node scripts/generate-schemas.mjs`);
  return { $ref: COMPONENTS + componentNameOf(name) };
}

/** An array of a libs/contracts type (answers that are a bare list). */
export function contractArraySchema(name: ContractSchemaName): SchemaObject {
  return { type: 'array', items: contractSchema(name) };
}

// The keywords an OpenAPI 3.0 Schema Object has; anything else the generator writes ($comment, examples,
// propertyNames, ...) is dropped or rewritten, or swagger-parser refuses the document.
const KEPT = new Set([
  'title',
  'multipleOf',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'description',
  'format',
  'default',
  'nullable',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const isNullSchema = (value: unknown) =>
  isObject(value) && value.type === 'null' && Object.keys(value).every((key) => key === 'type' || key === 'description');

/** Marks a converted schema nullable; a bare reference is wrapped (3.0 ignores siblings of $ref). */
function withNull(schema: Json): Json {
  if ('$ref' in schema) return { allOf: [schema], nullable: true };
  if (Object.keys(schema).length === 0) return schema;
  return { ...schema, nullable: true };
}

/** One draft-07 schema of the generator as an OpenAPI 3.0 Schema Object. */
export function toOpenApiSchema(schema: unknown): Json {
  if (schema === true || !isObject(schema)) return {};
  if (typeof schema.$ref === 'string') {
    const target = decodeURIComponent(schema.$ref.startsWith(DEFINITIONS) ? schema.$ref.slice(DEFINITIONS.length) : schema.$ref);
    const ref = { $ref: COMPONENTS + componentNameOf(target) };
    return typeof schema.description === 'string' ? { allOf: [ref], description: schema.description } : ref;
  }
  const out: Json = {};
  let nullable = false;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null');
      nullable ||= types.length < value.length;
      if (types.length === 1) out.type = types[0];
      else if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
    } else if (key === 'type' && value === 'null') {
      nullable = true;
    } else if (key === 'const') {
      if (value === null) nullable = true;
      else out.enum = [value];
    } else if (key === 'enum' && Array.isArray(value)) {
      const values = value.filter((entry) => entry !== null);
      nullable ||= values.length < value.length;
      if (values.length) out.enum = values;
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const members = value.filter((member) => !isNullSchema(member));
      nullable ||= members.length < value.length;
      if (members.length === 1) Object.assign(out, toOpenApiSchema(members[0]));
      else if (members.length > 1) out[key] = members.map(toOpenApiSchema);
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = value.map(toOpenApiSchema);
    } else if (key === 'not') {
      out.not = toOpenApiSchema(value);
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toOpenApiSchema(property)]));
    } else if (key === 'additionalProperties') {
      out.additionalProperties = typeof value === 'boolean' ? value : toOpenApiSchema(value);
    } else if (key === 'items') {
      // A tuple ([number, number]): OpenAPI 3.0 has one items schema; its length stays in minItems/maxItems.
      if (Array.isArray(value)) {
        const members = value.map(toOpenApiSchema);
        const distinct = [...new Map(members.map((member) => [JSON.stringify(member), member])).values()];
        out.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
      } else out.items = toOpenApiSchema(value);
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      if (typeof value === 'number') {
        out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
        out[key] = true;
      }
    } else if (key === 'examples' && Array.isArray(value)) {
      if (value.length) out.example = value[0];
    } else if (KEPT.has(key)) {
      out[key] = value;
    }
  }
  // An object schema must say so in 3.0 (the generator leaves type out beside additionalProperties sometimes).
  if (!out.type && (out.properties || out.additionalProperties !== undefined) && !out.allOf && !out.anyOf && !out.oneOf)
    out.type = 'object';
  return nullable ? withNull(out) : out;
}

/**
 * Adds to the document's components every contract schema it refers to, directly or through another, and
 * no other. A component the document has already (a DTO class's) is kept; a contract type of that name
 * would be ambiguous, so that is an error.
 */
export function addContractSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  const schemas = (document.components.schemas ??= {});
  const own = new Set(Object.keys(schemas));
  const pending: unknown[] = [document.paths, schemas];
  while (pending.length) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)) {
        const component = value.slice(COMPONENTS.length);
        const typeName = typeNameByComponent.get(component);
        if (!typeName) continue;
        if (own.has(component)) throw new Error(`OpenAPI component ${component} is both a DTO class and a libs/contracts type`);
        if (!schemas[component]) {
          const schema = toOpenApiSchema(CONTRACT_SCHEMAS[typeName]) as SchemaObject;
          schemas[component] = schema;
          pending.push(schema);
        }
      } else if (value && typeof value === 'object') pending.push(value);
    }
  }
  return document;
}
