import type { CapsResponse } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { commissionApi } from '.';
import { messageOf } from '../shared/forms/fieldErrors';
import { capLines, type CapLine } from './capCard';
import { COMMISSION_LABELS as L } from './messages';

/** After a save, the card reads again now and once more after this (the read copy follows within a second). */
export const CAP_REFRESH_DELAY_MS = 1500;

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

/** The bar: ytd filled to pct, pending as a lighter segment after it; no cap, empty. */
const CapBar = ({ line, testId }: { line: CapLine; testId: string }) => (
  <Box
    role="progressbar"
    aria-label={line.label}
    aria-valuemin={0}
    aria-valuemax={100}
    aria-valuenow={line.pct}
    aria-valuetext={line.valueText}
    data-testid={testId}
    sx={{
      display: 'flex',
      height: 10,
      borderRadius: 5,
      overflow: 'hidden',
      bgcolor: (theme) => alpha(theme.palette.text.primary, 0.12),
      my: 1,
    }}
  >
    <Box data-testid={`${testId}-filled`} style={{ width: `${line.filledWidth}%` }} sx={{ bgcolor: 'primary.main' }} />
    <Box
      data-testid={`${testId}-pending`}
      style={{ width: `${line.pendingWidth}%` }}
      sx={{ bgcolor: (theme) => alpha(theme.palette.primary.main, 0.35) }}
    />
  </Box>
);

const CapLineView = ({ line, testId }: { line: CapLine; testId: string }) => (
  <Box role="group" aria-labelledby={`${testId}-label`} data-testid={testId} sx={{ '& + &': { mt: 2.5 } }}>
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
      <Typography id={`${testId}-label`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} data-testid={`${testId}-label`}>
        {line.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-pct`}>
        {line.pct}%
      </Typography>
    </Box>
    <CapBar line={line} testId={`${testId}-bar`} />
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, m: 0 }}>
      <Figure label={L.ytd} value={line.ytd} testId={`${testId}-ytd`} />
      <Figure label={L.cap} value={line.cap} testId={`${testId}-cap`} />
      {line.pending && <Figure label={L.pending} value={line.pending} testId={`${testId}-pending`} />}
      <Figure label={L.anniversary} value={line.anniversary ?? L.noAnniversary} testId={`${testId}-anniversary`} />
    </Box>
  </Box>
);

export interface CapSummaryCardProps {
  /** Whose caps (GET /caps?agent_id=); none: the signed-in user's own. */
  agentId?: number | null;
  /** Changed after a save that may move the figures: the card reads them again. */
  refreshKey?: number;
  testId?: string;
}

/**
 * The commission cap summary card (spec 000 sections 2 and 3): per kind the label, cap and ytd in USD,
 * a bar filled to pct with pending as a lighter segment, and the anniversary date. On Edit Profile and
 * in the admin user form's side panel.
 */
export const CapSummaryCard = ({ agentId, refreshKey = 0, testId = 'cap-summary' }: CapSummaryCardProps) => {
  const [caps, setCaps] = useState<CapsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const read = useCallback(async () => {
    try {
      const answer = await commissionApi.getCaps(agentId);
      if (!alive.current) return;
      setCaps(answer);
      setError(null);
    } catch (failure) {
      if (!alive.current) return;
      setError(`${L.capsLoadFailed} ${messageOf(failure, '')}`.trim());
    }
  }, [agentId]);

  // First read, and Retry.
  useEffect(() => {
    void read();
  }, [read, attempt]);

  // A save: the figures now, and again once the read copy has the change.
  const firstRefresh = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === firstRefresh.current) return;
    void read();
    const timer = setTimeout(() => void read(), CAP_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refreshKey, read]);

  const retry = () => {
    setError(null);
    setCaps(null);
    setAttempt((current) => current + 1);
  };

  const title = (
    <Typography id={`${testId}-title`} variant="h6" component="h2" sx={{ mb: 1.5 }}>
      {L.capSummaryTitle}
    </Typography>
  );

  return (
    <Card data-testid={testId} component="section" aria-labelledby={`${testId}-title`}>
      <CardContent>
        {title}
        {error && !caps ? (
          <Box data-testid={`${testId}-error`}>
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
            <Button variant="outlined" size="small" onClick={retry} data-testid={`${testId}-retry`}>
              {L.retry}
            </Button>
          </Box>
        ) : !caps ? (
          <Box role="status" aria-busy="true" aria-label={L.loadingCaps} data-testid={`${testId}-loading`}>
            {[0, 1].map((index) => (
              <Box key={index} sx={{ mb: 2 }}>
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="rounded" height={10} sx={{ my: 1 }} />
                <Skeleton variant="text" width="80%" />
              </Box>
            ))}
          </Box>
        ) : (
          capLines(caps).map((line) => <CapLineView key={line.kind} line={line} testId={`${testId}-${line.name}`} />)
        )}
      </CardContent>
    </Card>
  );
};
