import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { authClient } from '../auth';
import { tooltipsOfMarket } from '.';
import { TOOLTIP_LABELS as L } from './messages';
import { loadTooltips, tooltipStore } from './tooltipStore';

/** The toast of a failed load: summary and detail, centred and sticky (spec 001 section 8). */
const LoadFailed = () => (
  <Box data-testid="tooltips-load-failed">
    <strong>{L.loadFailedSummary}</strong>
    <div>{L.loadFailedDetail}</div>
  </Box>
);

/** The signed-in user's market, from the session's token. */
export const marketIdOfSession = (): number => authClient.getSession()?.user.team?.market_id ?? 0;

/** Reloads the tooltips of the user's market into the store (after sign-in, and after a back-office save). */
export const refreshTooltips = (onFailure: (error: unknown) => void = () => undefined) =>
  loadTooltips(tooltipsOfMarket, marketIdOfSession(), tooltipStore, onFailure);

/** Loads the help tooltips once the console opens signed in; renders nothing. */
export const TooltipsLoader = () => {
  const notify = useNotify();
  useEffect(() => {
    void refreshTooltips(() => notify(<LoadFailed />, { type: 'error', autoHideDuration: null }));
    // Once per signed-in console.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};
