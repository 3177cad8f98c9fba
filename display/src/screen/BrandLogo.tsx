export function BrandLogo({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand-logo" width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--brand)" />
      <path d="M12 34 32 16l20 18v16a2 2 0 0 1-2 2H38V38H26v14H14a2 2 0 0 1-2-2z" fill="#fff" />
      <circle cx="44" cy="20" r="4" fill="var(--accent)" />
    </svg>
  );
}
