import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TableRow } from '@app/database';

export type LoginAttempt = Pick<TableRow<'identity.login_history'>, 'email' | 'success' | 'agent_id' | 'team_id' | 'ip' | 'user_agent'>;

/** Sign-in history (success and failure), shown to admins per user. */
@Injectable()
export class LoginHistoryRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(attempt: LoginAttempt): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO identity.login_history (email, success, agent_id, team_id, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)`,
      [attempt.email, attempt.success, attempt.agent_id, attempt.team_id, attempt.ip, attempt.user_agent],
    );
  }
}
