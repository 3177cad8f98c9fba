import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { BrandLogo } from '../layout/BrandLogo';
import { DocumentTitle } from '../layout/DocumentTitle';
import { brandDark, brandLight, preferredThemeMode } from '../theme/themes';

/** Frame of the signed-out screens: brand theme, centred card with the logo on top. */
export const AuthLayout = ({ children, testId, maxWidth = 400 }: { children: ReactNode; testId?: string; maxWidth?: number }) => {
  const theme = useMemo(() => createTheme(preferredThemeMode() === 'dark' ? brandDark : brandLight), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <DocumentTitle />
      <Box
        component="main"
        data-testid={testId}
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 2,
          bgcolor: 'background.default',
        }}
      >
        <Card sx={{ width: '100%', maxWidth }} elevation={3}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3, color: 'text.primary' }}>
              <BrandLogo size={48} />
            </Box>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
};
