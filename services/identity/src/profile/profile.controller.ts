import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { ProfileService } from './profile.service';

@ApiTags('profile')
@ApiBearerAuth()
@Controller('user/profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's profile, status, roles and selected team" })
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.profiles.get(caller);
  }

  @Patch()
  @ApiOperation({ summary: "Update the signed-in user's profile" })
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateProfileDto) {
    return this.profiles.update(caller, body);
  }
}
