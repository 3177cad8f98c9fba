import 'reflect-metadata';
import { Controller, Get } from '@nestjs/common';
import { ApiAnswer, ApiErrors, ApiFileAnswer, contractSchema } from './openapi';

// @nestjs/swagger's metadata key of ApiResponse (DECORATORS.API_RESPONSE, not exported by its index).
const DECORATORS = { API_RESPONSE: 'swagger/apiResponse' };

describe('OpenAPI answers (libs/platform openapi.ts)', () => {
  it('declares the answer as JSON, the files beside it, and every 4xx as the shared ErrorResponse', () => {
    @Controller('x')
    class SpecController {
      @Get()
      @ApiAnswer(200, 'TransactionList', 'OK', { files: ['text/csv'] })
      @ApiErrors(400, [404, 'Gone'])
      list() {}

      @Get('file')
      @ApiFileAnswer('application/pdf', 'The file')
      file() {}
    }
    const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, SpecController.prototype.list);
    expect(contractSchema('TransactionList')).toEqual({ $ref: '#/components/schemas/TransactionList' });
    expect(responses['200'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/TransactionList' } },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    });
    expect(responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(responses['404'].description).toBe('Gone');
    expect(Reflect.getMetadata(DECORATORS.API_RESPONSE, SpecController.prototype.file)['200'].content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });
});
