import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { COMMON_LABELS } from '../messages';

/** Placeholder rows while a list loads. */
export const LoadingRows = ({ testId, rows = 3 }: { testId: string; rows?: number }) => (
  <Box data-testid={testId} aria-busy="true">
    {Array.from({ length: rows }, (_, index) => (
      <Skeleton key={index} height={44} />
    ))}
  </Box>
);

/** An empty list: an icon, what is missing and, when given, the way to add one. */
export const EmptyState = ({ icon, text, testId, action }: { icon?: ReactNode; text: string; testId: string; action?: ReactNode }) => (
  <Box
    data-testid={testId}
    sx={{
      py: 4,
      px: 2,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: 1,
      color: 'text.secondary',
      textAlign: 'center',
    }}
  >
    {icon}
    <Typography variant="body1">{text}</Typography>
    {action}
  </Box>
);

/** A load that failed: the server's message and a way to try again. */
export const LoadError = ({ message, testId, onRetry }: { message: string; testId: string; onRetry?: () => void }) => (
  <Alert
    severity="error"
    data-testid={testId}
    action={
      onRetry ? (
        <Button color="inherit" size="small" onClick={onRetry}>
          {COMMON_LABELS.retry}
        </Button>
      ) : undefined
    }
  >
    {message}
  </Alert>
);

/**
 * A loaded list's place on the screen: the load error (with retry), placeholder rows while the first
 * load runs, the empty state, or the list itself. Test ids: `<testIdPrefix>-error`, `-loading`, `-empty`.
 */
export const ListLoadState = ({
  testIdPrefix,
  error,
  onRetry,
  loading,
  empty,
  emptyIcon,
  emptyText,
  children,
}: {
  testIdPrefix: string;
  error: string | null;
  onRetry?: () => void;
  /** True only while nothing is loaded yet (a reload keeps the list shown). */
  loading: boolean;
  empty: boolean;
  emptyIcon?: ReactNode;
  emptyText: string;
  children: ReactNode;
}) =>
  error ? (
    <LoadError message={error} testId={`${testIdPrefix}-error`} onRetry={onRetry} />
  ) : loading ? (
    <LoadingRows testId={`${testIdPrefix}-loading`} />
  ) : empty ? (
    <EmptyState testId={`${testIdPrefix}-empty`} icon={emptyIcon} text={emptyText} />
  ) : (
    <>{children}</>
  );
