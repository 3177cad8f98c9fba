import { type DynamicModule, Module } from '@nestjs/common';
import { createFilesController } from './files.controller';
import { FilesBodyParser } from './files-body.parser';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { STORAGE_OPTIONS, type StorageOptions } from './storage.options';
import { StorageService } from './storage.service';

@Module({})
export class StorageModule {
  /**
   * Provides StorageService (the configured driver). With the local driver and `http` (the default), also
   * serves /api/<service>/files/<key> for signed PUT and GET.
   */
  static forRoot(options: StorageOptions & { http?: boolean }): DynamicModule {
    const driver: StorageService =
      options.driver === 's3'
        ? new S3StorageDriver(
            options.s3 ?? { endpoint: '', bucket: '', accessKey: '', secretKey: '', region: 'us-east-1' },
            options.service,
          )
        : new LocalStorageDriver(options);
    const serveFiles = options.http !== false && options.driver === 'local';
    return {
      module: StorageModule,
      global: true,
      controllers: serveFiles ? [createFilesController(options.service)] : [],
      providers: [
        { provide: STORAGE_OPTIONS, useValue: options },
        { provide: StorageService, useValue: driver },
        ...(serveFiles ? [FilesBodyParser] : []),
      ],
      exports: [StorageService, STORAGE_OPTIONS],
    };
  }
}
