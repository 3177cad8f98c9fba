import { Body, Controller, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { ChangePasswordService } from './change-password.service';
import { ChangePasswordDto } from './dto/password.dto';

@ApiTags('profile')
@ApiBearerAuth()
@Controller('user/password')
export class PasswordController {
  constructor(private readonly passwords: ChangePasswordService) {}

  @Patch()
  @ApiOperation({ summary: "Change the signed-in user's password" })
  @ApiOkResponse({ description: "{status:'ok', message:'Password successfully updated'}" })
  @ApiBadRequestResponse({ description: 'Field errors on current_password, new_password, confirm_new_password' })
  change(@CurrentUser() caller: AuthenticatedUser, @Body() body: ChangePasswordDto) {
    return this.passwords.change(caller, body);
  }
}
