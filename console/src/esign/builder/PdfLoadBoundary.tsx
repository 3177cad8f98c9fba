import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Component, Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';

// react-pdf 11 suspends while a PDF loads and throws one it cannot read (corrupt, not a PDF, a failed
// download) to the nearest error boundary. Without both here the builder's route Suspense swapped the
// whole page (Back link, dropdown, name) for a spinner, and a bad PDF never said so.

class PdfErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * One PDF's load, kept to its own area: `loading` while react-pdf suspends, `failed` when it throws.
 * Give it a new key to try again (react-pdf releases a failed load when its document unmounts).
 */
export const PdfLoadBoundary = ({ loading, failed, children }: { loading: ReactNode; failed: ReactNode; children: ReactNode }) => (
  <PdfErrorBoundary fallback={failed}>
    <Suspense fallback={loading}>{children}</Suspense>
  </PdfErrorBoundary>
);

/** A grey box over the whole page while pdf.js reads that page. */
export const PageSkeleton = () => <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />;

/** In place of a PDF's pages while it loads: its pages' outlines at their size, and a line saying so. */
export const PdfPagesLoading = ({
  sizes,
  width,
  announce = true,
}: {
  sizes: readonly { width: number; height: number }[];
  width: number;
  announce?: boolean;
}) => (
  <Box
    data-testid={announce ? 'builder-pdf-loading' : undefined}
    role={announce ? 'status' : undefined}
    aria-busy="true"
    sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: announce ? 2 : 1 }}
  >
    {announce && (
      <Typography variant="body2" color="text.secondary">
        {M.pdfLoading}
      </Typography>
    )}
    {sizes.map((size, index) => (
      <Skeleton
        key={index}
        variant="rectangular"
        width={width}
        height={Math.round((width * size.height) / size.width)}
        sx={{ flexShrink: 0 }}
      />
    ))}
  </Box>
);

/** In place of the pages of a PDF that cannot be read: what happened, Try again, and the way back to the list. */
export const PdfLoadFailed = ({ name, onRetry, backTo }: { name?: string | null; onRetry: () => void; backTo?: string }) => (
  <Alert severity="error" data-testid="builder-pdf-error" sx={{ width: '100%', boxSizing: 'border-box' }}>
    {name ? `${name}: ${M.pdfFailed}` : M.pdfFailed}
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Button size="small" variant="outlined" color="inherit" onClick={onRetry} data-testid="builder-pdf-retry">
        {L.retry}
      </Button>
      {backTo && (
        <Button size="small" color="inherit" component={RouterLink} to={backTo} data-testid="builder-pdf-back">
          {L.back}
        </Button>
      )}
    </Box>
  </Alert>
);
