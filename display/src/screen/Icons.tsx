// Small inline icons for the top bar and the leaderboard (no icon font to load on a TV).
const common = { width: '1em', height: '1em', viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const PlayIcon = () => (
  <svg {...common}>
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...common}>
    <path d="M6 5h4v14H6zM14 5h4v14h-4z" fill="currentColor" />
  </svg>
);

export const PreviousIcon = () => (
  <svg {...common}>
    <path d="M15.4 6.4 14 5l-7 7 7 7 1.4-1.4L9.8 12z" fill="currentColor" />
  </svg>
);

export const NextIcon = () => (
  <svg {...common}>
    <path d="M8.6 6.4 10 5l7 7-7 7-1.4-1.4 5.6-5.6z" fill="currentColor" />
  </svg>
);

export const CaretIcon = () => (
  <svg {...common}>
    <path d="M7 10l5 5 5-5z" fill="currentColor" />
  </svg>
);

export const CalendarIcon = () => (
  <svg {...common}>
    <path d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zM5 9h14v11H5z" fill="currentColor" />
  </svg>
);

export const CrownIcon = ({ label }: { label: string }) => (
  <svg className="crown" viewBox="0 0 24 24" role="img" aria-label={label} data-testid="leaderboard-crown">
    <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z" fill="#FFC107" stroke="#b8860b" strokeWidth="1" strokeLinejoin="round" />
  </svg>
);
