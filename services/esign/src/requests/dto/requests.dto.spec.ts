import { ValidationPipe } from '@nestjs/common';
import {
  ESIGN_DECLINE_REASON_MAX_LENGTH,
  ESIGN_MAX_SIGNERS,
  ESIGN_REQUEST_MESSAGES as M,
  type ErrorResponse,
  type FieldError,
} from '@app/contracts';
import { FieldErrorsException, validationExceptionFactory } from '@app/platform';
import { CreateEsignDraftDto } from '../../drafts/dto/drafts.dto';
import { CreateEsignRequestDto, EsignFieldValueInputDto, EsignSignerInputDto } from './requests.dto';
import { CompleteSigningDto, DeclineSigningDto } from './signing.dto';

// The pipe PlatformModule installs, so these tests see what the controllers see.
const pipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
});

async function submit<T extends object>(dto: new () => T, body: unknown): Promise<{ value?: T; errors?: FieldError[] }> {
  try {
    return { value: (await pipe.transform(body, { type: 'body', metatype: dto })) as T };
  } catch (error) {
    if (error instanceof FieldErrorsException) return { errors: (error.getResponse() as ErrorResponse).errors };
    throw error;
  }
}

const DRAFT_ID = '5f0c8a5e-0000-4000-8000-000000000000';
const send = (extra: Record<string, unknown> = {}) => ({
  client_id: 7,
  template_ids: [3],
  signature_order: 'P',
  email_config: { default: { subject: 'Please sign', body: '' } },
  signers: [{ role: 'Buyer', name: 'Zoë Buyer', email: 'buyer@mail.test', order: 1 }],
  fields: [{ fieldId: 'f-1', value: '(555) 123-4567', readonly: true, update_transaction: false }],
  ...extra,
});

describe(CreateEsignRequestDto.name, () => {
  it('passes what the stepper and the API send, from templates, a packet or a draft', async () => {
    expect((await submit(CreateEsignRequestDto, send())).errors).toBeUndefined();
    expect((await submit(CreateEsignRequestDto, send({ template_ids: undefined, packet_id: 4 }))).errors).toBeUndefined();
    const fromDraft = send({ client_id: undefined, template_ids: undefined, draft_id: DRAFT_ID, preview: true });
    const { value, errors } = await submit(CreateEsignRequestDto, fromDraft);
    expect(errors).toBeUndefined();
    expect(value!.signers[0]).toBeInstanceOf(EsignSignerInputDto);
    expect(value!.fields![0]).toBeInstanceOf(EsignFieldValueInputDto);
    // From a draft, template_ids and packet_id are not read.
    expect((await submit(CreateEsignRequestDto, { ...fromDraft, template_ids: 'x', packet_id: 'y' })).errors).toBeUndefined();
  });

  it('answers the shape errors with the spec words, on the field at fault', async () => {
    const errorsOf = async (body: unknown) => (await submit(CreateEsignRequestDto, body)).errors;
    expect(await errorsOf(send({ client_id: undefined }))).toEqual([{ field: 'client_id', error: M.required }]);
    expect(await errorsOf(send({ client_id: '7' }))).toEqual([{ field: 'client_id', error: M.required }]);
    expect(await errorsOf(send({ draft_id: DRAFT_ID, client_id: 'x' }))).toEqual([{ field: 'client_id', error: M.invalidValue }]);
    expect(await errorsOf(send({ draft_id: 'nope' }))).toEqual([{ field: 'draft_id', error: M.invalidValue }]);
    for (const template_ids of [undefined, [], 'x', [1, 1], [0], [1.5], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      expect(await errorsOf(send({ template_ids }))).toEqual([{ field: 'template_ids', error: M.chooseTemplates }]);
    }
    expect(await errorsOf(send({ template_ids: undefined, packet_id: '4' }))).toEqual([{ field: 'packet_id', error: M.chooseTemplates }]);
    expect(await errorsOf(send({ signature_order: 'X' }))).toEqual([{ field: 'signature_order', error: M.signatureOrder }]);
    expect(await errorsOf(send({ signature_order: undefined }))).toEqual([{ field: 'signature_order', error: M.signatureOrder }]);
    for (const signers of [undefined, 'x', {}, { role: 'Buyer' }])
      expect(await errorsOf(send({ signers }))).toEqual([{ field: 'signers', error: M.signerNameRequired }]);
    const many = Array.from({ length: ESIGN_MAX_SIGNERS + 1 }, () => ({ role: 'Buyer', name: 'B', email: 'b@mail.test' }));
    expect(await errorsOf(send({ signers: many }))).toEqual([{ field: 'signers', error: `At most ${ESIGN_MAX_SIGNERS} signers` }]);
    expect(await errorsOf(send({ signers: ['x', { name: 'B' }, { role: 'Buyer', name: 5, email: 6, contact_id: '3' }] }))).toEqual([
      { field: 'signers.0.role', error: M.unknownRole },
      { field: 'signers.1.role', error: M.unknownRole },
      { field: 'signers.2.name', error: M.signerNameRequired },
      { field: 'signers.2.email', error: M.emailRequired },
      { field: 'signers.2.contact_id', error: M.invalidValue },
    ]);
    expect(await errorsOf(send({ fields: {} }))).toEqual([{ field: 'fields', error: M.invalidValue }]);
    expect(await errorsOf(send({ fields: [null, { fieldId: 5, value: 1 }] }))).toEqual([
      { field: 'fields.0.fieldId', error: M.unknownField },
      { field: 'fields.1.fieldId', error: M.unknownField },
    ]);
  });

  it('leaves to the service what needs the schema, the draft or the signature order', async () => {
    // A signer without a name is refused only when its role owns fields; an order only counts for S; '' is no contact.
    const body = send({
      signers: [{ role: 'Witness', order: 0, contact_id: '' }],
      fields: [{ fieldId: 'f-1', value: { any: 'thing' }, readonly: 'yes', update_transaction: 'yes' }],
      email_config: 'hi',
      preview: 'no',
    });
    const { value, errors } = await submit(CreateEsignRequestDto, body);
    expect(errors).toBeUndefined();
    expect(value!.signers[0].contact_id).toBeNull();
    expect(value!.fields![0].value).toEqual({ any: 'thing' });
  });

  it('refuses keys the contract does not name, as every endpoint does', async () => {
    expect((await submit(CreateEsignRequestDto, send({ extra: 1 }))).errors).toEqual([
      { field: 'extra', error: 'property extra should not exist' },
    ]);
  });
});

describe(CreateEsignDraftDto.name, () => {
  it('checks client_id, then template_ids or packet_id', async () => {
    expect((await submit(CreateEsignDraftDto, { client_id: 7, template_ids: [3, 4] })).errors).toBeUndefined();
    expect((await submit(CreateEsignDraftDto, { client_id: 7, packet_id: 4 })).errors).toBeUndefined();
    expect((await submit(CreateEsignDraftDto, { template_ids: [3] })).errors).toEqual([{ field: 'client_id', error: M.required }]);
    expect((await submit(CreateEsignDraftDto, { client_id: 7 })).errors).toEqual([{ field: 'template_ids', error: M.chooseTemplates }]);
    expect((await submit(CreateEsignDraftDto, null)).errors).toEqual([
      { field: 'client_id', error: M.required },
      { field: 'template_ids', error: M.chooseTemplates },
    ]);
  });
});

describe(CompleteSigningDto.name, () => {
  it('needs consent and values as an object', async () => {
    expect((await submit(CompleteSigningDto, { values: { a: 'x' }, consent: true })).errors).toBeUndefined();
    expect((await submit(CompleteSigningDto, { values: {}, consent: false })).errors).toEqual([
      { field: 'consent', error: M.consentRequired },
    ]);
    for (const values of [undefined, null, [], 'x', 1]) {
      expect((await submit(CompleteSigningDto, { values, consent: true })).errors).toEqual([{ field: 'values', error: M.invalidValue }]);
    }
  });
});

describe(DeclineSigningDto.name, () => {
  it('needs a reason of at most 1000 characters, trimmed', async () => {
    expect((await submit(DeclineSigningDto, { reason: '  Wrong price ' })).value!.reason).toBe('Wrong price');
    for (const body of [{ reason: ' ' }, { reason: 5 }, {}, null]) {
      expect((await submit(DeclineSigningDto, body)).errors).toEqual([{ field: 'reason', error: M.required }]);
    }
    const long = await submit(DeclineSigningDto, { reason: 'x'.repeat(ESIGN_DECLINE_REASON_MAX_LENGTH + 1) });
    expect(long.errors).toEqual([{ field: 'reason', error: `At most ${ESIGN_DECLINE_REASON_MAX_LENGTH} characters` }]);
    expect((await submit(DeclineSigningDto, { reason: ` ${'x'.repeat(ESIGN_DECLINE_REASON_MAX_LENGTH)} ` })).errors).toBeUndefined();
  });
});
