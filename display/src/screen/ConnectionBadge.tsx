import { CONNECTION_LABELS, type ConnectionStatus } from '../socket/connection-state';

export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span
      className={`connection-badge connection-badge--${status}`}
      data-testid="connection-state"
      data-state={status}
      role="status"
      aria-live="polite"
    >
      <span className="connection-badge__dot" aria-hidden="true" />
      <span className="connection-badge__text">{CONNECTION_LABELS[status]}</span>
    </span>
  );
}
