import { Controller, Module } from '@nestjs/common';
import { Payload, RpcException } from '@nestjs/microservices';
import {
  ESIGN_MAPPED_ENTITIES,
  type CustomFieldType,
  type EsignMappableFieldType,
  type MappableField,
  type RpcReplyOf,
  type RpcRequestOf,
  type TransactionFieldDefinition,
} from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { RpcHandler } from '@app/rpc';
import { ContactsRepository } from '../contacts/contacts.repository';
import { EsignFieldValuesRepository, type EsignTransactionValues } from './esign-field-values.repository';
import { EsignSignerContactsRpcController } from './esign-signer-contacts-rpc.controller';
import { LEAD_TYPE_FIELDS } from './system-fields';
import { TeamOptionsRepository } from './team-options.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;
const isKey = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 100;
/** Most fields one field-values request may ask for (a template holds at most 1000). */
const MAX_FIELD_VALUES = 1000;

/** The e-sign field type a catalogue type fills. */
const FIELD_TYPE_OF: Record<CustomFieldType, EsignMappableFieldType> = {
  text: 'text',
  number: 'number',
  amount: 'number',
  percent: 'number',
  date: 'date',
  select: 'select',
  yn: 'checkbox',
  phone: 'phone',
  email: 'text',
  link: 'text',
};

/** A catalogue field as an e-sign template field may map to it. */
export function mappableFieldOf(field: TransactionFieldDefinition): MappableField {
  return {
    label: field.label,
    mapped_entity: field.system ? ESIGN_MAPPED_ENTITIES.transaction : ESIGN_MAPPED_ENTITIES.customField,
    mapped_field: field.field_key,
    fieldType: FIELD_TYPE_OF[field.type] ?? 'text',
    can_update: field.can_update,
  };
}

/**
 * transactions.esign.mappable-fields, answered by the transactions worker: the catalogue behind GET /transaction/fields
 * (system fields, then the team's custom fields) as e-sign mappable fields, of the caller's team only.
 */
@Controller()
export class EsignFieldsRpcController {
  constructor(private readonly options: TeamOptionsRepository) {}

  @RpcHandler('transactions.esign.mappable-fields')
  async list(
    @Payload() request: RpcRequestOf<'transactions.esign.mappable-fields'>,
  ): Promise<RpcReplyOf<'transactions.esign.mappable-fields'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error.
    if (!request || !isId(request.team_id)) throw new RpcException('team_id must be an id');
    return (await this.options.fields(request.team_id)).map(mappableFieldOf);
  }
}

/** transactions.esign.field-values, beside mappable-fields: the send stepper's prefill reads the same catalogue. */
@Controller()
export class EsignFieldValuesRpcController {
  constructor(
    private readonly options: TeamOptionsRepository,
    private readonly transactionValues: EsignFieldValuesRepository,
  ) {}

  /**
   * transactions.esign.field-values: the transaction's current value of each asked field that the catalogue knows
   * (by the same mapping as mappable-fields), within the caller's team only: another team's transaction answers [].
   */
  @RpcHandler('transactions.esign.field-values')
  async fieldValues(
    @Payload() request: RpcRequestOf<'transactions.esign.field-values'>,
  ): Promise<RpcReplyOf<'transactions.esign.field-values'>> {
    if (!request || !isId(request.team_id) || !isId(request.client_id)) throw new RpcException('team_id and client_id must be ids');
    const asked = request.fields;
    if (
      !Array.isArray(asked) ||
      asked.length > MAX_FIELD_VALUES ||
      !asked.every((f) => f && isKey(f.mapped_entity) && isKey(f.mapped_field))
    ) {
      throw new RpcException(`fields must be at most ${MAX_FIELD_VALUES} {mapped_entity, mapped_field}`);
    }
    const transaction = await this.transactionValues.values(request.team_id, request.client_id);
    if (!transaction) return [];
    const catalogue = new Map(
      (await this.options.fields(request.team_id)).map((field) => [`${mappableFieldOf(field).mapped_entity}:${field.field_key}`, field]),
    );
    const reply: RpcReplyOf<'transactions.esign.field-values'> = [];
    const seen = new Set<string>();
    for (const { mapped_entity, mapped_field } of asked) {
      const key = `${mapped_entity}:${mapped_field}`;
      const field = catalogue.get(key);
      if (!field || seen.has(key)) continue;
      seen.add(key);
      reply.push({ mapped_entity, mapped_field, value: valueOf(transaction, field) });
    }
    return reply;
  }
}

/** A field's value on the transaction: id selects by their label; a custom field of the other side has none. */
function valueOf(transaction: EsignTransactionValues, field: TransactionFieldDefinition): unknown {
  if (field.system) {
    if (LEAD_TYPE_FIELDS.has(field.field_key))
      return field.field_key === 'lead_type_id' ? transaction.lead_type_label : transaction.original_lead_type_label;
    if (field.field_key === 'appt_set_by_agent_id') return transaction.appt_set_by_name;
    return transaction.columns[field.field_key] ?? null;
  }
  if (field.client_type && field.client_type !== transaction.type) return null;
  return transaction.custom_values[field.field_key] ?? null;
}

/** What the transactions worker answers for e-sign: the field catalogue, the transaction's values and the signer contacts. */
@Module({
  controllers: [EsignFieldsRpcController, EsignFieldValuesRpcController, EsignSignerContactsRpcController],
  providers: [TeamOptionsRepository, EsignFieldValuesRepository, ContactsRepository],
})
export class TransactionsEsignFieldsRpcModule {}
