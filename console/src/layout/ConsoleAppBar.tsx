import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { ThemeToggleButton } from '../account/settings/ThemeToggleButton';
import { BrandLogo } from './BrandLogo';
import { ConsoleUserMenu } from './ConsoleUserMenu';

const Toolbar = () => (
  <>
    <Box data-testid="theme-toggle" sx={{ display: 'flex' }}>
      <ThemeToggleButton />
    </Box>
    <LoadingIndicator />
  </>
);

export const ConsoleAppBar = () => {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar data-testid="app-bar" toolbar={<Toolbar />} userMenu={<ConsoleUserMenu />}>
      <BrandLogo size={28} tone="inverse" withName={!isXSmall} sx={{ mr: 2, flexShrink: 0 }} />
      <TitlePortal />
    </AppBar>
  );
};
