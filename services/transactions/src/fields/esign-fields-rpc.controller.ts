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
import { TeamOptionsRepository } from './team-options.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

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
  async list(@Payload() request: RpcRequestOf<'transactions.esign.mappable-fields'>): Promise<RpcReplyOf<'transactions.esign.mappable-fields'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error.
    if (!request || !isId(request.team_id)) throw new RpcException('team_id must be an id');
    return (await this.options.fields(request.team_id)).map(mappableFieldOf);
  }
}

/** What the transactions worker answers about the field catalogue for e-sign templates. */
@Module({ controllers: [EsignFieldsRpcController], providers: [TeamOptionsRepository] })
export class TransactionsEsignFieldsRpcModule {}
