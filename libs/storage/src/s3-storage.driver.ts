import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NotFoundException } from '@nestjs/common';
import type { FileHandoff, ServiceName, UploadPurpose } from '@app/contracts';
import { SNIFF_BYTES } from './image-sniffer';
import { contentDispositionOf } from './content-disposition';
import { FileHashMismatchError } from './storage.errors';
import type {
  DownloadUrlOptions,
  FileInfo,
  FileListPage,
  FileStream,
  S3StorageOptions,
  StoredFile,
  UploadUrlRequest,
  VerifiedUpload,
} from './storage.options';
import { assertValidKey, digestOf, isValidKey, StorageService } from './storage.service';
import { acceptedContentType, assertSizeAllowed, assertWellFormed, uploadPolicyOf } from './upload-policy';

/** put streams in parts of this size (S3's minimum part is 5 MiB); a smaller body is one PutObject. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * S3-compatible driver (MinIO in docker-compose, any S3 in production): presigned PUT and GET URLs, objects of
 * a service under <service>/ in the bucket. A presigned PUT cannot cap the size or check the bytes, so the
 * owning service calls verifyUpload after the upload (the confirm call).
 *
 * Upload URLs are single-use in effect: a presigned PUT stays valid until it expires, so it writes to a staging
 * object (uploads/<service>/<key>) that no reader uses. verifyUpload checks the staged bytes and copies them to
 * the service's key, which no URL can write; the first confirmed upload is the file for good, and a PUT replayed
 * afterwards only leaves a staging object that the next delete (or the bucket's lifecycle rule on uploads/) removes.
 */
export class S3StorageDriver extends StorageService {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly options: S3StorageOptions,
    /** Objects of this service live under <prefix>/ in the bucket. */
    private readonly prefix: ServiceName,
  ) {
    super();
    this.client = new S3Client({
      region: options.region || 'us-east-1',
      endpoint: options.endpoint || undefined,
      forcePathStyle: Boolean(options.endpoint),
      // A presigned PUT is signed without its body: with the SDK default (WHEN_SUPPORTED) the URL carries the
      // CRC32 of an empty body (x-amz-checksum-crc32=AAAAAA==), which S3, MinIO and R2 refuse for any real upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: options.accessKey ? { accessKeyId: options.accessKey, secretAccessKey: options.secretKey } : undefined,
    });
  }

  get namespace(): ServiceName {
    return this.prefix;
  }

  async createUploadUrl({ key, contentType, purpose = 'image', maxBytes, expiresInSeconds }: UploadUrlRequest): Promise<string> {
    assertValidKey(key);
    // Checked here so that a wrong purpose or limit fails at once, not at the confirm.
    uploadPolicyOf(purpose, maxBytes);
    const command = new PutObjectCommand({ Bucket: this.options.bucket, Key: this.stagingKey(key), ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']) });
  }

  protected async signDownloadUrl(
    key: string,
    { expiresInSeconds, filename, disposition, contentType }: DownloadUrlOptions,
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      ...(disposition || filename ? { ResponseContentDisposition: contentDispositionOf(disposition ?? 'inline', filename) } : {}),
      ...(contentType ? { ResponseContentType: contentType } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  /** An object's bytes, or a range of them. */
  private async bytes(Key: string, Range?: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key, ...(Range ? { Range } : {}) }));
    return Buffer.from(object.Body ? await object.Body.transformToByteArray() : new Uint8Array());
  }

  async verifyUpload(key: string, purpose: UploadPurpose = 'image', maxBytes?: number): Promise<VerifiedUpload> {
    assertValidKey(key);
    const policy = uploadPolicyOf(purpose, maxBytes);
    const Key = this.stagingKey(key);
    const final = await this.head(this.objectKey(key));
    if (final) {
      // Confirmed before: those bytes stay; whatever a replayed URL staged since goes.
      await this.deleteObject(Key);
      return { key, size: final.ContentLength ?? 0, contentType: final.ContentType || 'application/octet-stream' };
    }
    const head = await this.head(Key);
    if (!head) throw new NotFoundException('File not found');
    const size = head.ContentLength ?? 0;
    let contentType: string;
    try {
      assertSizeAllowed(policy, size);
      // An empty object has no byte range to read (S3 answers 416 InvalidRange): it is simply not accepted.
      const object =
        size > 0
          ? await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key, Range: `bytes=0-${SNIFF_BYTES - 1}` }))
          : null;
      contentType = acceptedContentType(policy, object?.Body ? await object.Body.transformToByteArray() : new Uint8Array());
      await assertWellFormed(policy, contentType, {
        whole: async () => this.bytes(Key),
        tail: async (bytes) => this.bytes(Key, `bytes=-${bytes}`),
      });
    } catch (error) {
      await this.deleteObject(Key);
      throw error;
    }
    // The checked bytes move to the service's key (with the sniffed type: a download must answer that one, not
    // the type the client declared at the PUT). The copy is server-side; the staging object goes after it.
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        CopySource: this.copySourceOf(Key),
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
      }),
    );
    await this.deleteObject(Key);
    return { key, size, contentType };
  }

  async put(key: string, body: Readable | Buffer, { contentType }: { contentType: string }): Promise<StoredFile> {
    assertValidKey(key);
    const Key = this.objectKey(key);
    const hash = createHash('sha256');
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
      return { key, size: body.length, contentType, sha256: hash.update(body).digest('hex') };
    }
    // Unknown length: one PutObject when it fits in a part, else a multipart upload holding one part in memory.
    const parts = partsOf(body, PART_BYTES);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    hash.update(firstPart);
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key,
          Body: firstPart,
          ContentType: contentType,
          ContentLength: firstPart.length,
        }),
      );
      return { key, size: firstPart.length, contentType, sha256: hash.digest('hex') };
    }
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key, ContentType: contentType }),
    );
    try {
      const etags: { ETag: string | undefined; PartNumber: number }[] = [];
      let size = 0;
      const upload = async (part: Buffer) => {
        const PartNumber = etags.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({ Bucket: this.options.bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        etags.push({ ETag, PartNumber });
        size += part.length;
      };
      await upload(firstPart);
      hash.update(second.value);
      await upload(second.value);
      for await (const part of parts) {
        hash.update(part);
        await upload(part);
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.options.bucket, Key, UploadId, MultipartUpload: { Parts: etags } }),
      );
      return { key, size, contentType, sha256: hash.digest('hex') };
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<FileStream> {
    assertValidKey(key);
    const object = await this.client
      .send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }))
      .catch((error) => {
        if (isNotFound(error)) throw new NotFoundException('File not found');
        throw error;
      });
    return {
      stream: object.Body as Readable,
      size: object.ContentLength ?? 0,
      contentType: object.ContentType || 'application/octet-stream',
    };
  }

  async stat(key: string): Promise<FileInfo | null> {
    assertValidKey(key);
    const head = await this.head(this.objectKey(key));
    return head ? { size: head.ContentLength ?? 0, contentType: head.ContentType || 'application/octet-stream' } : null;
  }

  /** Removes the file and anything an upload URL of its key staged. */
  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.deleteObject(this.objectKey(key));
    await this.deleteObject(this.stagingKey(key));
  }

  /** One ListObjectsV2 under the service's prefix (staging objects live outside it). */
  protected async listPage(prefix: string, startAfter: string | undefined, limit: number): Promise<FileListPage> {
    const listed = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.options.bucket,
        Prefix: this.objectKey(prefix),
        MaxKeys: limit,
        ...(startAfter !== undefined ? { StartAfter: this.objectKey(startAfter) } : {}),
      }),
    );
    const keys = (listed.Contents ?? []).map((object) => ({ object, key: (object.Key ?? '').slice(this.prefix.length + 1) }));
    const last = keys[keys.length - 1];
    return {
      // An object no key can name (written around this driver) is left out; one a store lists without its time counts as
      // written now, never as old (sweeps go by age).
      files: keys
        .filter(({ key }) => isValidKey(key))
        .map(({ object, key }) => ({ key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() })),
      next: listed.IsTruncated && last ? last.key : null,
    };
  }

  private async deleteObject(Key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
  }

  /** CopyObject from <namespace>/<key> to this prefix, then reads the copy back to check its sha256. */
  protected async copyIntoNamespace(handoff: FileHandoff, destKey: string): Promise<StoredFile> {
    const Key = this.objectKey(destKey);
    await this.client
      .send(
        new CopyObjectCommand({
          Bucket: this.options.bucket,
          Key,
          CopySource: this.copySourceOf(`${handoff.namespace}/${handoff.key}`),
          MetadataDirective: 'REPLACE',
          ContentType: handoff.content_type,
        }),
      )
      .catch((error) => {
        if (isNotFound(error)) throw new NotFoundException('File not found');
        throw error;
      });
    const copy = await this.get(destKey).then((file) => digestOf(file.stream));
    if (copy.sha256 !== handoff.sha256) {
      await this.delete(destKey);
      throw new FileHashMismatchError(destKey, handoff.sha256, copy.sha256);
    }
    return { key: destKey, size: copy.size, contentType: handoff.content_type, sha256: copy.sha256 };
  }

  private async head(Key: string) {
    return this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key })).catch((error) => {
      if (isNotFound(error)) return null;
      throw error;
    });
  }

  private copySourceOf(objectKey: string): string {
    // Keys hold only [A-Za-z0-9._-/], so encoding each segment is exact.
    return `${this.options.bucket}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  }

  private objectKey(key: string): string {
    return `${this.prefix}/${key}`;
  }

  /** Where an upload URL writes: outside every service's prefix (service names never start with 'uploads'). */
  private stagingKey(key: string): string {
    return `uploads/${this.prefix}/${key}`;
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
}

/** A stream cut into buffers of exactly `size` bytes (the last one shorter). */
async function* partsOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    while (length + rest.length >= size) {
      const take = size - length;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      rest = rest.subarray(take);
      pending = [];
      length = 0;
    }
    if (rest.length) {
      pending.push(rest);
      length += rest.length;
    }
  }
  if (length) yield Buffer.concat(pending);
}
