// The OpenAPI checks of openapi-answers.e2e-spec.ts that read schemas: whether an answer's schema is a
// generated libs/contracts type, and whether a real answer conforms to its schema (the OpenAPI 3.0
// subset the generated schemas use: $ref, allOf/anyOf/oneOf, nullable, enum, type, properties,
// required, additionalProperties, items).
import { isContractComponent } from '@app/platform';

export type OpenApiSchema = Record<string, unknown>;
const COMPONENTS = '#/components/schemas/';

/**
 * Why a 2xx JSON schema is not a libs/contracts type the document holds, if it is not: a reference to a
 * generated component (or a list of them, or one of several), never a schema written in place.
 */
export function contractProblem(schema: OpenApiSchema | undefined, components: Record<string, unknown>): string | null {
  if (!schema) return 'no schema';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.startsWith(COMPONENTS) ? schema.$ref.slice(COMPONENTS.length) : schema.$ref;
    if (!isContractComponent(name)) return `${name} is not a generated libs/contracts schema`;
    if (!components[name]) return `${name} is missing from the document's components`;
    return null;
  }
  if (schema.type === 'array') return contractProblem(schema.items as OpenApiSchema | undefined, components);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key]))
      return (schema[key] as OpenApiSchema[]).map((member) => contractProblem(member, components)).find(Boolean) ?? null;
  }
  return 'a schema written in place, not a libs/contracts type';
}

/** Where `value` (a parsed JSON answer) does not conform to `schema`; [] when it does. */
export function conformanceProblems(
  value: unknown,
  schema: OpenApiSchema,
  components: Record<string, unknown>,
  at = '$',
  depth = 0,
): string[] {
  if (depth > 60) return [];
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.slice(COMPONENTS.length)] as OpenApiSchema | undefined;
    return target ? conformanceProblems(value, target, components, at, depth + 1) : [`${at}: ${schema.$ref} does not resolve`];
  }
  if (value === null) return schema.nullable || Object.keys(schema).length === 0 ? [] : [`${at}: null where not nullable`];
  const problems: string[] = [];
  if (Array.isArray(schema.allOf))
    for (const member of schema.allOf as OpenApiSchema[]) problems.push(...conformanceProblems(value, member, components, at, depth + 1));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key] as OpenApiSchema[] | undefined;
    if (!Array.isArray(members)) continue;
    const each = members.map((member) => conformanceProblems(value, member, components, at, depth + 1));
    if (!each.some((memberProblems) => memberProblems.length === 0)) {
      const closest = each.reduce((best, next) => (next.length < best.length ? next : best));
      problems.push(`${at}: matches none of ${key} (closest: ${closest.slice(0, 3).join('; ')})`);
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  switch (schema.type) {
    case 'string':
    case 'boolean':
      if (typeof value !== schema.type) problems.push(`${at}: ${typeof value} where ${schema.type}`);
      break;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)))
        problems.push(`${at}: ${JSON.stringify(value)} where ${schema.type}`);
      break;
    case 'array':
      if (!Array.isArray(value)) problems.push(`${at}: ${typeof value} where array`);
      else if (schema.items)
        value.forEach((item, index) =>
          problems.push(...conformanceProblems(item, schema.items as OpenApiSchema, components, `${at}[${index}]`, depth + 1)),
        );
      break;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push(`${at}: ${Array.isArray(value) ? 'array' : typeof value} where object`);
        break;
      }
      const record = value as Record<string, unknown>;
      for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in record)) problems.push(`${at}.${name}: missing`);
      const properties = (schema.properties ?? {}) as Record<string, OpenApiSchema>;
      for (const [name, entry] of Object.entries(record)) {
        const propertySchema =
          properties[name] ??
          (typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as OpenApiSchema) : undefined);
        if (schema.additionalProperties === false && !properties[name]) problems.push(`${at}.${name}: not declared`);
        else if (propertySchema) problems.push(...conformanceProblems(entry, propertySchema, components, `${at}.${name}`, depth + 1));
      }
      break;
    }
  }
  return problems;
}
