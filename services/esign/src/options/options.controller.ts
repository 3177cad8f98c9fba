import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import {
  ESIGN_PERMISSIONS,
  ESIGN_TRANSACTION_TYPES,
  STAFF_ROLES,
  type MappableField,
  type StorageOptions,
  type TransactionTypeOption,
} from '@app/contracts';
import { RpcClient } from '@app/rpc';
import { DocumentListsRepository } from '../document-lists/document-lists.repository';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { MAPPABLE_FIELDS_SCHEMA, STORAGE_OPTIONS_SCHEMA, TRANSACTION_TYPES_SCHEMA } from '../esign.openapi';

/** The e-sign forms' option lists (spec 002 sections 2.3 and 2.4): team_esign AND agent_esign, else 403. */
@ApiTags('esign options')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign')
export class EsignOptionsController {
  constructor(
    private readonly lists: DocumentListsRepository,
    private readonly rpc: RpcClient,
  ) {}

  @Get('transaction-types')
  @ApiOperation({ summary: 'All (null), Buyer (b), Seller (s): [{id, label}]' })
  @ApiAnswer(200, TRANSACTION_TYPES_SCHEMA)
  transactionTypes(): TransactionTypeOption[] {
    return [...ESIGN_TRANSACTION_TYPES];
  }

  @Get('storage-options')
  @ApiOperation({ summary: "The team's folders and document types from esign's read copies: {folders, document_types}" })
  @ApiAnswer(200, STORAGE_OPTIONS_SCHEMA)
  async storageOptions(@CurrentUser() caller: AuthenticatedUser): Promise<StorageOptions> {
    const [folders, document_types] = await Promise.all([this.lists.folders(caller.team_id), this.lists.types(caller.team_id)]);
    return { folders, document_types };
  }

  @Get('mappable-fields')
  @ApiOperation({
    summary:
      "The transaction fields a template field may map to [{label, mapped_entity, mapped_field, fieldType, can_update}], asked of transactions over RPC; 503 'Transaction data is unavailable. Please try again.'",
  })
  @ApiAnswer(200, MAPPABLE_FIELDS_SCHEMA)
  @ApiErrors([503, 'Transaction data is unavailable. Please try again.'])
  mappableFields(@CurrentUser() caller: AuthenticatedUser): Promise<MappableField[]> {
    // 3 s (RPC_TIMEOUT_MS) at most; no answer: 503 'Transaction data is unavailable. Please try again.'
    return this.rpc.send('transactions.esign.mappable-fields', { team_id: caller.team_id });
  }
}
