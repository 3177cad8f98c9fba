import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { brandDark, brandLight } from './themes';

/** Brand options on top of react-admin's defaults (sidebar widths, input variants, ...). */
function withBrand(base: RaThemeOptions, brand: RaThemeOptions): RaThemeOptions {
  return {
    ...base,
    ...brand,
    palette: { ...base.palette, ...brand.palette },
    typography: { ...(base.typography as object), ...(brand.typography as object) },
    components: { ...base.components, ...brand.components },
  };
}

export const lightTheme = withBrand(defaultLightTheme, brandLight);
export const darkTheme = withBrand(defaultDarkTheme, brandDark);
