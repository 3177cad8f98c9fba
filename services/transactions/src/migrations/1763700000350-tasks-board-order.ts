import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tasks board's columns at volume (the budget: a column's first page in under 150 ms). A column's
 * first page walks this index in the board's own order (boardOrderSql over k: pinned first, the latest pin
 * first, then by due date with none last, then the bottom cards in the order moved) and stops after the page,
 * instead of sorting the whole column; its total is an index-only count (client_id for the join to the
 * transaction, assigned_to_agent_id for an agent's own tasks). It replaces tasks_board_idx (team, status, due
 * date), whose only reader was the old page. The expressions must stay those of boardOrderSql('k', 'k.due_dt
 * ASC NULLS LAST, k.task_id ASC') for the planner to use it (the boards API test checks the plan).
 */
export class TasksBoardOrder1763700000350 implements MigrationInterface {
  name = 'TasksBoardOrder1763700000350';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX tasks_board_order_idx ON transactions.tasks (
        team_id, status_id,
        (CASE WHEN pinned_on_boards THEN 0 WHEN board_bottom_ts IS NOT NULL THEN 2 ELSE 1 END),
        board_pinned_ts DESC NULLS LAST, board_bottom_ts ASC NULLS LAST, due_dt ASC NULLS LAST, task_id ASC
      ) INCLUDE (client_id, assigned_to_agent_id)`);
    await q.query(`DROP INDEX transactions.tasks_board_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX tasks_board_idx ON transactions.tasks (team_id, status_id, due_dt NULLS LAST, task_id)`);
    await q.query(`DROP INDEX transactions.tasks_board_order_idx`);
  }
}
