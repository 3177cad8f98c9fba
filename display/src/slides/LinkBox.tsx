import type { ReactNode } from 'react';

/**
 * A figure that leads to the transactions list it counts: a link when it has one, a plain box when not
 * (no link, or an agent looking at a team figure).
 */
export function LinkBox({
  href,
  className,
  children,
  label,
  testId,
  ...data
}: { href: string | null; className: string; children: ReactNode; label?: string; testId?: string } & Record<
  `data-${string}`,
  string | number | undefined
>) {
  if (href) {
    return (
      <a className={`${className} is-link`} href={href} aria-label={label} data-testid={testId} data-clickable="true" {...data}>
        {children}
      </a>
    );
  }
  return (
    <div className={className} aria-label={label} role={label ? 'group' : undefined} data-testid={testId} data-clickable="false" {...data}>
      {children}
    </div>
  );
}
