import { TOOLTIP_IDS, type TooltipKey } from '@app/contracts';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { useState, useSyncExternalStore } from 'react';
import { usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ConsolePermissions } from '../auth/authProvider';
import { sanitizeRichText } from '../shared/form-fields';
import { TOOLTIP_LABELS as L } from './messages';
import { tooltipStore } from './tooltipStore';

/** The back-office page of a tooltip. */
export const tooltipEditPath = (id: number) => `/app/backoffice/tooltips/${id}`;

/**
 * The ? icon of a screen (spec 001 section 2): shows the tooltip of its key at the tooltip's position,
 * with a link to its back-office page for users with manage_tooltips. Nothing while the tooltip is not loaded.
 */
export const HelpTooltip = ({ tooltipKey }: { tooltipKey: TooltipKey }) => {
  const id = TOOLTIP_IDS[tooltipKey];
  const tooltip = useSyncExternalStore(tooltipStore.subscribe, tooltipStore.get)[String(id)];
  const { permissions } = usePermissions<ConsolePermissions>();
  const [open, setOpen] = useState(false);
  // Opened by a click it stays until a click elsewhere or Escape, so that its link can be reached (a pointer
  // on its way there leaves the icon); opened by hovering it goes with the pointer.
  const [pinned, setPinned] = useState(false);
  if (!tooltip) return null;
  const canManage = permissions?.permissions?.includes('manage_tooltips') ?? false;

  const content = (
    <Box data-testid={`help-tooltip-content-${id}`} sx={{ '& p': { m: 0 }, '& a': { color: 'inherit' } }}>
      {/* Sanitised on the server and again here: only the rich-text editor's own tags reach the page. */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(tooltip.content) }} />
      {canManage && (
        <Link
          component={RouterLink}
          to={tooltipEditPath(id)}
          color="inherit"
          sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600 }}
          data-testid={`help-tooltip-edit-${id}`}
        >
          {L.edit}
        </Link>
      )}
    </Box>
  );

  // A click opens and pins, never toggles: a mouse reaching the icon has already opened it by hovering, and
  // a toggle would close it under the click.
  const close = () => {
    setPinned(false);
    setOpen(false);
  };
  return (
    <ClickAwayListener onClickAway={close}>
      <Tooltip
        title={content}
        placement={tooltip.position}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={(event) => {
          if (!pinned || event.type === 'keydown') close();
        }}
        enterTouchDelay={0}
        arrow
      >
        <IconButton
          size="small"
          aria-label={L.help}
          onClick={() => {
            setPinned(true);
            setOpen(true);
          }}
          data-testid={`help-tooltip-${tooltipKey}`}
        >
          <HelpOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </ClickAwayListener>
  );
};
