import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createServiceDataSource, initializeWhenReachable, type ServiceDataSourceOptions } from './data-source';

/** Provides the service's initialised TypeORM DataSource. */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  static forRoot(options: ServiceDataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => initializeWhenReachable(createServiceDataSource(options), options.applicationName ?? options.schema),
        },
      ],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown() {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
