/** Shown while a route's chunk loads; plain markup so it costs nothing in the first chunk. */
export const PageLoader = () => (
  <div
    data-testid="page-loader"
    role="progressbar"
    aria-label="Loading"
    style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
  >
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="16" fill="none" stroke="#1f4e79" strokeOpacity="0.2" strokeWidth="4" />
      <path d="M20 4a16 16 0 0 1 16 16" fill="none" stroke="#1f4e79" strokeWidth="4" strokeLinecap="round">
        <animateTransform attributeName="transform" type="rotate" from="0 20 20" to="360 20 20" dur="0.8s" repeatCount="indefinite" />
      </path>
    </svg>
  </div>
);
