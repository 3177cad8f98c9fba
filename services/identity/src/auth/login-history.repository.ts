import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface LoginAttempt {
  email: string;
  success: boolean;
  agent_id: number | null;
  team_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

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
