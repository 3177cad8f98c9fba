import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { BrandLogo } from '../layout/BrandLogo';
import { brandDark, brandLight, preferredThemeMode } from '../theme/themes';
import { SIGNING_LABELS as L } from './messages';

/** The signing page's frame: the brand theme, no console shell (a signer has no account). */
export const SigningLayout = ({ children, state }: { children: ReactNode; state: string }) => {
  const theme = useMemo(() => createTheme(preferredThemeMode() === 'dark' ? brandDark : brandLight), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box data-testid="signing-page" data-state={state} sx={{ minHeight: '100dvh', bgcolor: 'background.default', color: 'text.primary' }}>
        {children}
      </Box>
    </ThemeProvider>
  );
};

export interface StatusCardProps {
  testId: string;
  /** The state the card stands for (data-state): signed, declined, waiting, expired, cancelled, ... */
  state: string;
  heading: string;
  /** The request's title, under the heading. */
  title?: string | null;
  lines: readonly string[];
  downloadUrl?: string | null;
  children?: ReactNode;
}

/** A page of its own for a finished or closed link: the logo, the message and what comes next. */
export const StatusCard = ({ testId, state, heading, title, lines, downloadUrl, children }: StatusCardProps) => (
  <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
    <Card sx={{ width: '100%', maxWidth: 560 }} elevation={3} data-testid={testId} data-state={state}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <BrandLogo size={48} />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom data-testid="signing-message">
          {heading}
        </Typography>
        {title && (
          <Typography variant="subtitle1" component="p" color="text.secondary" gutterBottom>
            {title}
          </Typography>
        )}
        {lines.map((line) => (
          <Typography key={line} variant="body1" sx={{ mt: 1.5 }}>
            {line}
          </Typography>
        ))}
        {downloadUrl && (
          <Button
            component="a"
            href={downloadUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            size="large"
            startIcon={<DownloadIcon />}
            data-testid="signing-download"
            sx={{ mt: 3, minHeight: 44 }}
          >
            {L.download}
          </Button>
        )}
        {children}
      </CardContent>
    </Card>
  </Box>
);
