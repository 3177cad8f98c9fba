import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { ESIGN_FIELD_MESSAGES, FORM_FIELD_MESSAGES as M, TASK_DESCRIPTION_MAX_LENGTH } from '@app/contracts';
import { Public } from '@app/auth';
import {
  IsAmountField,
  JSON_BODY_MESSAGES,
  IsDateField,
  IsEmailField,
  IsPercentField,
  IsPhoneField,
  IsRequiredField,
  IsRichTextField,
  IsWebLinkField,
  IsWholeNumberField,
  PlatformModule,
  baseConfigSpec,
  createHttpApp,
  createLogger,
  readConfig,
  type ServiceConfig,
} from '@app/platform';
import { testInfraUrls, testSigningKeys } from '@app/testing';

// A form with every shared field, as a later spec-001/002 DTO would declare it.
class ProbeFormDto {
  @IsEmailField() email!: string;
  @IsEmailField({ required: false, message: ESIGN_FIELD_MESSAGES.invalidEmail }) signer_email?: string | null;
  @IsPhoneField() phone!: string;
  @IsWebLinkField() website!: string;
  @IsWebLinkField({ httpsOnly: true, required: false }) secure_website?: string | null;
  @IsWholeNumberField() count!: number;
  @IsAmountField() price!: number;
  @IsPercentField() rate!: number;
  @IsPercentField({ calculator: true, required: false }) calc_rate?: number | null;
  @IsDateField({ toIso: true }) due_dt!: string;
  @IsDateField({ separators: ['-'], required: false }) filter_date?: string | null;
  @IsRequiredField() stage_id!: unknown;
  @IsRichTextField({ maxLength: TASK_DESCRIPTION_MAX_LENGTH, required: false }) description?: string | null;
}

@Controller('form-fields-probe')
class ProbeController {
  @Public()
  @Post()
  @HttpCode(200)
  submit(@Body() form: ProbeFormDto) {
    return form;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const valid = {
  email: '  jane.doe@example.com ',
  phone: '+1 (555) 123-4567',
  website: 'https://www.example.com/listing?id=7',
  count: '3',
  price: '$1,250.50',
  rate: 2.5,
  due_dt: '02/29/2024',
  stage_id: 4,
};

describe('form fields through the platform stack', () => {
  let app: NestFastifyApplication;
  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post('/api/form-fields-probe')
      .send(body as object);

  beforeAll(async () => {
    const { databaseUrl, redisUrl } = testInfraUrls();
    // Without its health controller (which checks the database) the platform module opens Redis but
    // never Postgres, and still installs the ValidationPipe and error filter under test: the database
    // URL only satisfies the config.
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_PUBLIC_KEY: testSigningKeys().publicKey,
      PORT: '0',
    };
    const config = { service: 'identity', ...readConfig(baseConfigSpec('identity'), env) } as ServiceConfig;
    app = await createHttpApp({
      config,
      module: { module: ProbeModule, imports: [PlatformModule.forRoot(config, { http: false })] },
      logger: createLogger('form-fields-probe', 'silent'),
    });
  });
  afterAll(() => app?.close());

  it('answers a valid form with its values normalised', async () => {
    const response = await post({ ...valid, filter_date: '12-31-2025', secure_website: ' https://example.com ', signer_email: '' }).expect(
      200,
    );
    expect(response.body).toEqual({
      email: 'jane.doe@example.com',
      phone: '5551234567',
      website: 'https://www.example.com/listing?id=7',
      secure_website: 'https://example.com',
      signer_email: null,
      count: 3,
      price: 1250.5,
      rate: 2.5,
      due_dt: '2024-02-29',
      filter_date: '12-31-2025',
      stage_id: 4,
    });
  });

  it('answers 400 with one error per invalid field, in the spec words', async () => {
    const response = await post({
      email: 'jane..doe@example.com',
      signer_email: 'not-an-email',
      phone: '555-1234',
      website: 'www.example.com',
      secure_website: 'http://example.com',
      count: '1.5',
      price: 12.345,
      rate: 12.34567,
      calc_rate: 1.123456789,
      due_dt: '02/30/2024',
      filter_date: '12/31/2025',
      stage_id: '',
    }).expect(400);
    expect(response.body).toEqual({ status: 'error', message: 'Validation failed', errors: expect.any(Array) });
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', error: 'This is an invalid email address' },
        { field: 'signer_email', error: 'Please enter a valid email address' },
        { field: 'phone', error: 'Please enter a valid phone number' },
        { field: 'website', error: 'The URL must start with "http://" or "https://".' },
        { field: 'secure_website', error: 'The URL must start with "https://".' },
        { field: 'count', error: 'Please enter a whole number' },
        { field: 'price', error: 'Please enter a valid amount' },
        { field: 'rate', error: 'Please enter a valid percentage' },
        { field: 'calc_rate', error: 'Please enter a valid percentage' },
        { field: 'due_dt', error: 'Please enter a valid date (MM/DD/YYYY or MM-DD-YYYY)' },
        { field: 'filter_date', error: 'Please enter a valid date (MM-DD-YYYY)' },
        { field: 'stage_id', error: 'This field is required' },
      ]),
    );
    expect(response.body.errors).toHaveLength(12);
  });

  it("answers 'This field is required' for each missing required field", async () => {
    const response = await post({}).expect(400);
    const required = ['email', 'phone', 'website', 'count', 'price', 'rate', 'due_dt', 'stage_id'];
    expect(response.body.errors).toEqual(required.map((field) => ({ field, error: M.required })));
  });

  it('answers a web link with a bad host with the format message', async () => {
    const response = await post({ ...valid, website: 'https://exa mple.com' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'website', error: 'The URL format is invalid.' }]);
  });

  // Lone surrogates never reach the validators over HTTP: the platform's body parser refuses them first
  // (the validators' own handling of them is unit-tested).
  it.each([
    ['a lone surrogate', { email: '\ud800x' }],
    ['a lone surrogate in a web link', { website: 'https://ex\udc00.com' }],
  ])('answers 400, not 500, for %s, at the body parser', async (_name, change) => {
    const response = await post({ ...valid, ...change }).expect(400);
    expect(response.body).toEqual({ status: 'error', message: JSON_BODY_MESSAGES.loneSurrogate });
  });

  it.each([
    ['a huge string', { email: `${'a'.repeat(500_000)}@example.com` }, 'email', M.invalidEmail],
    ['a number', { email: 42 }, 'email', M.invalidEmail],
    ['an object', { phone: { digits: '5551234567' } }, 'phone', M.invalidPhone],
    ['an array', { website: ['https://example.com'] }, 'website', M.urlFormat],
    ['a boolean', { count: true }, 'count', M.wholeNumber],
    ['a string amount with letters', { price: '12 dollars' }, 'price', M.amount],
    ['a rich text object', { description: { html: '<p>x</p>' } }, 'description', M.invalidValue],
  ])('answers 400, not 500, for %s', async (_name, change, field, error) => {
    const response = await post({ ...valid, ...change }).expect(400);
    expect(response.body.errors).toEqual([{ field, error }]);
  });

  it('stores a rich-text field sanitised, with links made safe', async () => {
    const description =
      '<p onclick="steal()">Call www.example.com <img src="data:image/png;base64,AAAA" onerror="alert(1)"><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">click</a> <span data-mention="12" style="color:red">@Sam</span></p>';
    const response = await post({ ...valid, description }).expect(200);
    expect(response.body.description).toBe(
      '<p>Call <a href="https://www.example.com" target="_blank" rel="noopener noreferrer nofollow">www.example.com</a> ' +
        '<a target="_blank" rel="noopener noreferrer nofollow">click</a> <span data-mention="12">@Sam</span></p>',
    );
  });

  it('counts the task-description limit on the text, not the markup', async () => {
    const atLimit = `<p><strong>${'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH)}</strong></p>`;
    await post({ ...valid, description: atLimit }).expect(200);
    const over = await post({ ...valid, description: `<p>${'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH + 1)}</p>` }).expect(400);
    expect(over.body.errors).toEqual([{ field: 'description', error: 'Please enter at most 1500 characters' }]);
  });

  it('still refuses fields the form does not have', async () => {
    const response = await post({ ...valid, is_admin: true }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'is_admin', error: 'property is_admin should not exist' }]);
  });
});
