import 'reflect-metadata';
import { Controller, Get } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { addNamedSchemas, ApiAnswer, ApiErrors, ApiFileAnswer, arr, int, named, nullable, obj, recordsOf, str } from './openapi';

// @nestjs/swagger's metadata key of ApiResponse (DECORATORS.API_RESPONSE, not exported by its index).
const DECORATORS = { API_RESPONSE: 'swagger/apiResponse' };

describe('OpenAPI answers (libs/platform openapi.ts)', () => {
  it('obj marks every property required but those ending with ?', () => {
    expect(obj({ a: int(), 'b?': str() })).toEqual({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } }, required: ['a'] });
  });

  it('nullable wraps a reference in allOf', () => {
    expect(nullable({ $ref: '#/components/schemas/X' })).toEqual({ allOf: [{ $ref: '#/components/schemas/X' }], nullable: true });
    expect(nullable(str())).toEqual({ type: 'string', nullable: true });
  });

  it('refuses one name for two different schemas', () => {
    named('SpecSame', obj({ a: int() }));
    expect(() => named('SpecSame', obj({ a: int() }))).not.toThrow();
    expect(() => named('SpecSame', obj({ b: int() }))).toThrow(/defined twice/);
  });

  it('adds the named schemas a document refers to, through other named schemas too, and no others', () => {
    const inner = named('SpecInner', obj({ id: int() }));
    const outer = named('SpecOuter', obj({ inner: arr(inner) }));
    named('SpecUnused', obj({ x: int() }));
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: recordsOf(outer) } } } } } } },
    } as unknown as OpenAPIObject;
    const schemas = addNamedSchemas(document).components!.schemas!;
    expect(Object.keys(schemas).sort()).toEqual(['Pagination', 'SpecInner', 'SpecOuter']);
  });

  it('declares the answer as JSON, the files beside it, and every 4xx as the shared ErrorResponse', () => {
    @Controller('x')
    class SpecController {
      @Get()
      @ApiAnswer(200, obj({ a: int() }), 'OK', { files: ['text/csv'] })
      @ApiErrors(400, [404, 'Gone'])
      list() {}

      @Get('file')
      @ApiFileAnswer('application/pdf', 'The file')
      file() {}
    }
    const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, SpecController.prototype.list);
    expect(responses['200'].content).toEqual({
      'application/json': { schema: obj({ a: int() }) },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    });
    expect(responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(responses['404'].description).toBe('Gone');
    expect(Reflect.getMetadata(DECORATORS.API_RESPONSE, SpecController.prototype.file)['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });
});
