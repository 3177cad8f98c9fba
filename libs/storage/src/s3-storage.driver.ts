import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NotFoundException } from '@nestjs/common';
import { sniffImageType, SNIFF_BYTES } from './image-sniffer';
import { FileTooLargeException, NotAnImageException } from './storage.errors';
import type { S3StorageOptions, UploadUrlRequest, VerifiedUpload } from './storage.options';
import { assertValidKey, StorageService } from './storage.service';

/**
 * S3-compatible driver (MinIO in docker-compose, any S3 in production): presigned PUT and GET URLs.
 * A presigned PUT cannot cap the size, so the owning service calls verifyImage after the upload.
 */
export class S3StorageDriver extends StorageService {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly options: S3StorageOptions,
    /** Objects of this service live under <prefix>/ in the bucket. */
    private readonly prefix: string,
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

  async createUploadUrl({ key, contentType, expiresInSeconds }: UploadUrlRequest): Promise<string> {
    assertValidKey(key);
    const command = new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), ContentType: contentType });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type']) });
  }

  async createDownloadUrl(key: string, expiresInSeconds = 3600): Promise<string> {
    assertValidKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }), {
      expiresIn: expiresInSeconds,
    });
  }

  async verifyImage(key: string, maxBytes: number): Promise<VerifiedUpload> {
    assertValidKey(key);
    const Key = this.objectKey(key);
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key })).catch((error) => {
      if (error?.$metadata?.httpStatusCode === 404 || error?.name === 'NotFound') return null;
      throw error;
    });
    if (!head) throw new NotFoundException('File not found');
    const size = head.ContentLength ?? 0;
    if (size > maxBytes) {
      await this.delete(key);
      throw new FileTooLargeException(maxBytes);
    }
    // An empty object has no byte range to read (S3 answers 416 InvalidRange): it is simply not an image.
    const object =
      size > 0 ? await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key, Range: `bytes=0-${SNIFF_BYTES - 1}` })) : null;
    const bytes = object?.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    const contentType = sniffImageType(bytes);
    if (!contentType) {
      await this.delete(key);
      throw new NotAnImageException();
    }
    return { key, size, contentType };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  private objectKey(key: string): string {
    return `${this.prefix}/${key}`;
  }
}
