import type { LicenceCounts } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { counterView } from '../licenceGate';
import { ADMIN_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';

/** The e-sign seats of a plan without e-signature: not 'No limit' but none at all. */
const NotIncluded = ({ testId, title }: { testId: string; title: string }) => (
  <Paper variant="outlined" data-testid={testId} data-included="false" sx={{ px: 2, py: 1.25, flex: '1 1 240px' }}>
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.6 }}>
      {title}
    </Typography>
    <Typography variant="body1" color="text.secondary" data-testid={`${testId}-not-included`} sx={{ lineHeight: 2.2 }}>
      {ADMIN_MESSAGES.esignNotIncluded}
    </Typography>
  </Paper>
);

const Counter = ({
  testId,
  title,
  total,
  used,
  remaining,
}: {
  testId: string;
  title: string;
  total: number;
  used: number;
  remaining: number;
}) => {
  const view = counterView(total, used, remaining, L.noLimit);
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      data-exhausted={view.exhausted ? 'true' : 'false'}
      sx={{ px: 2, py: 1.25, flex: '1 1 240px', borderColor: view.exhausted ? 'warning.main' : undefined }}
    >
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.6 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3 }}>
        {(
          [
            ['total', L.total, view.total],
            ['used', L.used, view.used],
            ['remaining', L.remaining, view.remaining],
          ] as const
        ).map(([key, label, value]) => (
          <Box key={key}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography
              variant="h6"
              data-testid={`${testId}-${key}`}
              color={key === 'remaining' && view.exhausted ? 'warning.main' : 'text.primary'}
              sx={{ lineHeight: 1.2 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
};

/**
 * Users total/used/remaining and e-sign seats (GET /admin/licenses). `esignIncluded`: the team's plan has
 * e-signature (team_esign); without it the seats read 'Not included in your plan'.
 */
export const LicenceCounters = ({
  licences,
  error,
  esignIncluded,
}: {
  licences: LicenceCounts | null;
  error: string | null;
  esignIncluded: boolean;
}) => (
  <Box data-testid="licence-counters" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
    {error ? (
      <Alert severity="warning" data-testid="licence-counters-error" sx={{ flex: 1 }}>
        {error}
      </Alert>
    ) : licences ? (
      <>
        <Counter testId="licences-users" title={L.licences} total={licences.total} used={licences.used} remaining={licences.remaining} />
        {esignIncluded ? (
          <Counter
            testId="licences-esign"
            title={L.esignSeats}
            total={licences.esign_total}
            used={licences.esign_used}
            remaining={licences.esign_remaining}
          />
        ) : (
          <NotIncluded testId="licences-esign" title={L.esignSeats} />
        )}
      </>
    ) : (
      <>
        <Skeleton variant="rounded" height={72} sx={{ flex: '1 1 240px' }} />
        <Skeleton variant="rounded" height={72} sx={{ flex: '1 1 240px' }} />
      </>
    )}
  </Box>
);
