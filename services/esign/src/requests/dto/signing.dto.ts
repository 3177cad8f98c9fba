import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsNotEmpty, IsObject, MaxLength } from 'class-validator';
import {
  ESIGN_DECLINE_REASON_MAX_LENGTH,
  ESIGN_REQUEST_MESSAGES as M,
  type CompleteSigningRequest,
  type DeclineSigningRequest,
} from '@app/contracts';

/**
 * POST /esign/sign/{token}/complete. Each value's rules (this signer's fields only, each field type's rules of spec 002
 * section 5) need the request's schema: the signing engine checks them.
 */
export class CompleteSigningDto implements CompleteSigningRequest {
  @ApiProperty({ description: 'Consent to use electronic records and signatures: must be true' })
  @Equals(true, { message: M.consentRequired })
  consent!: boolean;

  @ApiProperty({ description: "Field uuid -> value, for this signer's fields" })
  @IsObject({ message: M.invalidValue })
  values!: Record<string, unknown>;
}

/** POST /esign/sign/{token}/decline. */
export class DeclineSigningDto implements DeclineSigningRequest {
  @ApiProperty({ description: `Why the signer declines (at most ${ESIGN_DECLINE_REASON_MAX_LENGTH} characters)` })
  // Text that is not a string is as missing as blank text.
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : ''))
  // Decorators run bottom up: an absent reason (never transformed) is named by IsNotEmpty, whose message is the first.
  @MaxLength(ESIGN_DECLINE_REASON_MAX_LENGTH, { message: `At most ${ESIGN_DECLINE_REASON_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: M.required })
  reason!: string;
}
