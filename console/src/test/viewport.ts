import { vi } from 'vitest';

/**
 * The window as wide as `width` for the media queries MUI asks (useMediaQuery, breakpoints): each
 * min-width and max-width in a query answered against it. Undo with vi.unstubAllGlobals().
 */
export function stubWindowWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}
