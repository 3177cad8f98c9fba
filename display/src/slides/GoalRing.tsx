/** A circle's ring, filled to its goal percent (capped at a full turn). */
export function GoalRing({ percent }: { percent: number | null }) {
  const radius = 45;
  const circumference = 2 * Math.PI * radius;
  const filled = percent === null ? 0 : Math.max(0, Math.min(100, percent));
  return (
    <svg className="goal-ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <circle className="goal-ring__track" cx="50" cy="50" r={radius} />
      {filled > 0 && (
        <circle
          className="goal-ring__fill"
          cx="50"
          cy="50"
          r={radius}
          strokeDasharray={`${(filled / 100) * circumference} ${circumference}`}
          transform="rotate(-90 50 50)"
        />
      )}
    </svg>
  );
}

/** A horizontal bar filled to a percent, with an optional pace marker. */
export function ProgressBar({ percent, marker, testId }: { percent: number | null; marker?: number | null; testId?: string }) {
  const width = percent === null ? 0 : Math.max(0, Math.min(100, percent));
  const at = marker === null || marker === undefined ? null : Math.max(0, Math.min(100, marker));
  return (
    <div className="progress" role="presentation" data-testid={testId} data-percent={percent ?? ''}>
      <div className="progress__fill" style={{ width: `${width}%` }} />
      {at !== null && <div className="progress__marker" style={{ left: `${at}%` }} />}
    </div>
  );
}
