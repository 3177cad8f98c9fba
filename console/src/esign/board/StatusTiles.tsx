import { ESIGN_STATUS_LABELS, type EsignRequestStatus, type EsignStatusTotals } from '@app/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { STATUS_TILES } from './boardState';

const labelOf = (status: EsignRequestStatus | null) => (status ? ESIGN_STATUS_LABELS[status] : L.total);

/**
 * The status total tiles (spec 002 section 2.5): Sent, Viewed, Partially Signed, Completed, Failed and Total.
 * A click filters the board on that status; Total shows every status. The totals ignore the status filter.
 */
export const StatusTiles = ({
  totals,
  isActive,
  onPick,
}: {
  /** null until the first answer. */
  totals: EsignStatusTotals | null;
  isActive: (status: EsignRequestStatus | null) => boolean;
  onPick: (status: EsignRequestStatus | null) => void;
}) => (
  <Box
    role="group"
    aria-label={L.totals}
    data-testid="esign-status-tiles"
    sx={{
      display: 'grid',
      gap: 1,
      mb: 2,
      gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(112px, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
    }}
  >
    {STATUS_TILES.map(({ key, status }) => {
      const active = isActive(status);
      return (
        <ButtonBase
          key={key}
          focusRipple
          onClick={() => onPick(status)}
          aria-pressed={active}
          data-testid={`esign-status-tile-${key}`}
          data-active={active ? 'true' : 'false'}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: active ? 'primary.main' : 'divider',
            bgcolor: (theme) => (active ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper),
            textAlign: 'left',
            minWidth: 0,
            '&:hover': { borderColor: 'primary.main' },
          }}
        >
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
            {labelOf(status)}
          </Typography>
          {totals ? (
            <Typography variant="h5" component="span" data-testid={`esign-status-total-${key}`}>
              {totals[key] ?? 0}
            </Typography>
          ) : (
            <Skeleton variant="text" width={40} height={32} />
          )}
        </ButtonBase>
      );
    })}
  </Box>
);
