import { Controller, Get, HttpCode, Inject, Put, Req, Res, StreamableFile, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '@app/auth';
import { ApiAnswer, ApiErrors, ApiFileAnswer } from '@app/platform';
import type { ServiceName } from '@app/contracts';
import { LocalStorageDriver, type SignedQuery } from './local-storage.driver';
import { StorageService } from './storage.service';

interface FileRequest {
  params: Record<string, string>;
  query: SignedQuery;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The local driver's file route, /api/<service>/files/<key>: signed PUT (upload) and GET (download).
 * Public: the signature is the credential.
 */
export function createFilesController(service: ServiceName): Type<unknown> {
  @ApiTags('files')
  @Public()
  @Controller(`${service}/files`)
  class FilesController {
    constructor(@Inject(StorageService) private readonly storage: StorageService) {}

    private get local(): LocalStorageDriver {
      return this.storage as LocalStorageDriver;
    }

    @Put('*')
    @HttpCode(200)
    @ApiOperation({
      summary: 'Upload a file to a signed URL (local storage driver)',
      description:
        'The body is the raw file, judged by its bytes against the purpose the URL was signed for. 403 for a bad, expired or used URL. ' +
        'Images: 413 "File is too large. The limit is 10,000,000 bytes." above the signed size; 415 "Only image files are allowed." unless PNG, JPEG, GIF or WEBP. ' +
        'Documents: 413 "File is larger than 50,000,000 bytes"; 415 "allowed file types: PDF & Image (JPG, PNG)" unless PDF, JPEG or PNG. ' +
        'Nothing is stored when refused. Answers {status, key, size, content_type}.',
    })
    @ApiAnswer(200, 'StoredFile', 'Stored')
    @ApiErrors([403, 'A bad, expired or used URL'], 413, 415)
    async put(@Req() request: FastifyRequest) {
      const req = request as unknown as FileRequest;
      const length = Number(req.headers['content-length']);
      const upload = await this.local.storeUpload(keyOf(req), req.query, req.body, Number.isFinite(length) ? length : undefined);
      await this.storage.notifyUploaded(upload);
      return { status: 'ok', key: upload.key, size: upload.size, content_type: upload.contentType };
    }

    @Get('*')
    @ApiOperation({
      summary: 'Read a file from a signed URL (local storage driver)',
      description:
        'Answers the stored (or sniffed) Content-Type, the signed Content-Disposition, X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy. 403 for a bad or expired signature.',
    })
    @ApiFileAnswer(
      ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/octet-stream'],
      'The stored file, with its stored (or sniffed) type',
    )
    @ApiErrors([403, 'A bad or expired signature'], 404)
    async get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
      const req = request as unknown as FileRequest;
      const file = await this.local.openDownload(keyOf(req), req.query);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', fileContentSecurityPolicy(file.contentType));
      return new StreamableFile(file.stream, { type: file.contentType, length: file.size, disposition: file.contentDisposition });
    }
  }
  return FilesController;
}

function keyOf(req: FileRequest): string {
  return req.params['*'] ?? req.params.path ?? '';
}

/**
 * A stored file never runs anything on this origin, even opened in place: nothing loads, and anything but a
 * PDF is sandboxed (Chromium's PDF viewer refuses a sandboxed document; it runs no page script anyway).
 */
export function fileContentSecurityPolicy(contentType: string): string {
  return contentType === 'application/pdf'
    ? "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'"
    : "default-src 'none'; style-src 'unsafe-inline'; sandbox";
}
