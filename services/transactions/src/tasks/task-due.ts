import { ROADMAP_TRIGGER_LABELS, type RoadmapTrigger, type TaskDue } from '@app/contracts';

/** Days ahead that still count as 'due soon'. */
const DUE_SOON_DAYS = 3;

const isoToUs = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface DueInputs {
  done: boolean;
  /** YYYY-MM-DD (after any blackout move) or null. */
  due_dt: string | null;
  /** YYYY-MM-DD before the move, or null. */
  original_due_dt: string | null;
  due_source: 'roadmap' | 'manual';
  trigger: RoadmapTrigger | null;
  offset_days: number | null;
}

/** The `due` block of a task, with today ('YYYY-MM-DD') in the team's time zone. */
export function dueOf(task: DueInputs, today: string): TaskDue {
  const adjusted = task.due_dt !== null && task.original_due_dt !== null && task.due_dt !== task.original_due_dt;
  const trigger =
    task.due_source === 'roadmap' && task.trigger && task.offset_days !== null
      ? `${task.offset_days} days after ${ROADMAP_TRIGGER_LABELS[task.trigger]}`
      : null;
  const base = {
    date: task.due_dt ? isoToUs(task.due_dt) : null,
    original_due_date: adjusted ? isoToUs(task.original_due_dt!) : null,
    trigger,
    is_adjusted: adjusted,
  };
  if (task.done) return { ...base, label: 'Completed', style: 'success', pace_class: 'done' };
  if (!task.due_dt) return { ...base, label: 'No due date', style: 'muted', pace_class: 'none' };
  const days = daysBetween(today, task.due_dt);
  if (days < 0) return { ...base, label: 'Overdue', style: 'danger', pace_class: 'behind' };
  if (days === 0) return { ...base, label: 'Due today', style: 'warning', pace_class: 'due-today' };
  if (days <= DUE_SOON_DAYS) return { ...base, label: `Due in ${days} days`, style: 'warning', pace_class: 'due-soon' };
  return { ...base, label: `Due ${base.date}`, style: 'info', pace_class: 'on-pace' };
}
