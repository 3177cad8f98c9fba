import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { STORAGE_OPTIONS, type StorageOptions } from './storage.options';

/**
 * Lets the files route receive any content type as a raw stream (the driver counts and sniffs the bytes
 * itself, beyond Fastify's 1 MB body limit). Every other route keeps answering 415 to unknown types.
 */
@Injectable()
export class FilesBodyParser implements OnModuleInit {
  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(STORAGE_OPTIONS) private readonly options: StorageOptions,
  ) {}

  onModuleInit() {
    const fastify = this.host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify?.addContentTypeParser || fastify.hasContentTypeParser('*')) return;
    const prefix = `/api/${this.options.service}/files/`;
    fastify.addContentTypeParser('*', (request, payload, done) => {
      if (request.url.startsWith(prefix)) return done(null, payload);
      const error = Object.assign(new Error(`Unsupported Media Type: ${request.headers['content-type'] ?? ''}`), {
        statusCode: 415,
        code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      });
      done(error, undefined);
    });
  }
}
