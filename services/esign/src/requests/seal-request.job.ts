import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import { StorageService } from '@app/storage';
import type { EsignConfig } from '../esign.config';
import { loadSigningCertificate, sealRequest, type SigningCertificate } from '../sealing';
import { RequestCompletion, signedFilenameOf } from './request-completion';
import { RequestStatusWriter } from './request-status';
import { RequestsRepository } from './requests.repository';
import { SEAL_ATTEMPTS, SEAL_REQUEST } from './seal-queue';
import { SigningEngine } from './signing-engine';

/**
 * The seal-request job (esign worker): every value stamped into the request's PDFs, the audit certificate
 * appended, the whole sealed with the PKCS#12 certificate, stored in esign's namespace, and then in one database
 * transaction RequestCompletion makes the request C, queues the completion mails and puts esign.request.completed
 * in the outbox (the same step as a provider's completed request). Idempotent: a request already sealed is left
 * alone, and the file's key is the request's own, so a job killed after storing and before committing writes the
 * same file again. After its last try the request is F.
 */
@Injectable()
export class SealRequestJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SealRequestJob.name);
  private connection?: Redis;
  private worker?: Worker<{ esig_request_id: number }>;
  private certificate?: Promise<SigningCertificate>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly requests: RequestsRepository,
    private readonly engine: SigningEngine,
    private readonly status: RequestStatusWriter,
    private readonly completion: RequestCompletion,
    private readonly storage: StorageService,
  ) {}

  async onApplicationBootstrap() {
    // Loaded (or, in development, generated) at start: production without ESIGN_P12_BASE64 has already refused to start.
    this.certificate = loadSigningCertificate(this.config);
    await this.certificate;
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'esign:seal-request');
    this.worker = new Worker(SEAL_REQUEST, (job) => this.seal(job.data.esig_request_id), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 2,
    });
    this.worker.on('failed', (job, error) => {
      this.logger.warn(`${SEAL_REQUEST} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
      if (job && job.attemptsMade >= (job.opts.attempts ?? SEAL_ATTEMPTS)) void this.failed(job.data.esig_request_id, error);
    });
    this.worker.on('error', (error) => this.logger.error(`${SEAL_REQUEST} worker: ${error.message}`));
  }

  /** Seals one request; answers false when there was nothing to do. */
  async seal(requestId: number): Promise<boolean> {
    const request = await this.requests.byId(requestId);
    // Only the own engine's requests are sealed here: a provider's come signed (its adapter downloads them).
    if (!request || request.provider !== 'own' || request.status === 'C' || request.archived || ['D', 'E'].includes(request.status))
      return false;
    const signers = await this.requests.signers(requestId);
    if (signers.length === 0 || !signers.every((signer) => signer.status === 'C')) return false;
    const documents = await this.requests.documents(requestId);
    const bytes = await Promise.all(
      documents.map(async (document) => ({ name: document.name, bytes: await this.storage.getBytes(document.storage_key) })),
    );
    const events = await this.requests.audit(requestId);
    const sealed = await sealRequest(
      {
        requestId,
        title: request.title,
        templateNames: [request.title],
        documents: bytes,
        fields: request.schema.fields,
        values: this.engine.valuesSoFar(request, signers),
        signers: signers.map((signer) => ({
          name: signer.name,
          email: signer.email,
          role: signer.role,
          ip: signer.ip,
          user_agent: signer.user_agent,
          viewed_at: signer.viewed_ts ? new Date(signer.viewed_ts) : null,
          signed_at: signer.completed_ts ? new Date(signer.completed_ts) : null,
        })),
        events: events.map((event) => ({ ...event, at: new Date(event.ts) })),
        completedAt: new Date(),
      },
      await this.certificate!,
    );
    const key = `requests/${requestId}/signed.pdf`;
    const filename = signedFilenameOf(request.title);
    await this.storage.put(key, sealed.pdf, { contentType: 'application/pdf' });
    return this.dataSource.transaction(async (manager) => {
      const locked = await this.requests.lock(manager, requestId);
      if (!locked) return false;
      const done = await this.completion.complete(
        manager,
        locked,
        { key, sha256: sealed.sha256, filename, contentSha256: sealed.contentSha256 },
        {
          auditDetail: `SHA-256 ${sealed.sha256}`,
          mailSigners: signers,
        },
      );
      if (done) this.logger.log(`sealed request ${requestId}`);
      return done;
    });
  }

  /** Sealing failed after its retries: the request is F (the poller queues it again later). */
  private async failed(requestId: number, error: Error): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const request = await this.requests.lock(manager, requestId);
        if (!request) return;
        await this.requests.appendAudit(manager, requestId, { type: 'seal_failed', actor: 'System', detail: error.message.slice(0, 500) });
        await this.status.move(manager, request, 'F');
      });
    } catch (failure) {
      this.logger.error(`could not mark request ${requestId} failed: ${(failure as Error).message}`);
    }
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
