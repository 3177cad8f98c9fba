import type { SkySlopeMatchedUsersResponse } from '@app/contracts';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { SectionCard } from '../shared/page/PageFrame';
import { EmptyState, LoadingRows } from '../shared/load/LoadState';
import { skyslopeApi } from '.';
import { serverMessageOf } from './errors';
import { SKYSLOPE_LABELS as L, SKYSLOPE_MESSAGES as M } from './messages';

type MatchedUser = SkySlopeMatchedUsersResponse['matched_users'][number];

const COLUMNS: { key: string; header: string; render: (user: MatchedUser) => ReactNode }[] = [
  { key: 'agent_id', header: L.columns.id, render: (user) => user.agent_id },
  { key: 'first_name', header: L.columns.firstName, render: (user) => user.first_name },
  { key: 'last_name', header: L.columns.lastName, render: (user) => user.last_name },
  { key: 'matching_email', header: L.columns.matchingEmail, render: (user) => user.matching_email },
  { key: 'guid', header: L.columns.guid, render: (user) => user.guid },
];

/** The rows: a table on wide screens, stacked 'Title: value' rows at 960px and less (no sideways scroll). */
const MatchedUsersTable = ({ users, dimmed }: { users: readonly MatchedUser[]; dimmed: boolean }) => {
  const stacked = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const dimming = dimmed ? { opacity: 0.6 } : {};
  if (stacked) {
    return (
      <Box
        component="ul"
        data-testid="skyslope-matched-users-table"
        data-layout="stacked"
        sx={{ listStyle: 'none', m: 0, p: 0, ...dimming }}
      >
        {users.map((user) => (
          <Box
            component="li"
            key={user.agent_id}
            data-testid={`skyslope-matched-user-${user.agent_id}`}
            sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
          >
            {COLUMNS.map((column) => (
              <Typography key={column.key} variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {column.header}:{' '}
                </Box>
                {column.render(user)}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto', ...dimming }}>
      <Table size="small" data-testid="skyslope-matched-users-table" data-layout="table">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.key}>{column.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.agent_id} hover data-testid={`skyslope-matched-user-${user.agent_id}`}>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  sx={column.key === 'guid' || column.key === 'matching_email' ? { overflowWrap: 'anywhere' } : undefined}
                >
                  {column.render(user)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** 'Users are matched by email': an info button with its popover. */
const MatchingInfo = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={L.matchingInfo}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="skyslope-matching-info"
      >
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, maxWidth: 320 }, 'data-testid': 'skyslope-matching-info-popover' } as object }}
      >
        <Typography variant="body2">{L.matchingInfoText}</Typography>
      </Popover>
    </>
  );
};

/**
 * Matched Users: the team's users matched to SkySlope users, and Re-match Users (the server runs the
 * matching and waits for it; 202 means it still runs). A failed load is only logged.
 */
export const MatchedUsersPanel = () => {
  const notify = useNotify();
  const [users, setUsers] = useState<MatchedUser[]>([]);
  const [loading, setLoading] = useState(true);
  const [matching, setMatching] = useState(false);
  const mounted = useRef(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const list = await skyslopeApi.getMatchedUsers();
      if (mounted.current) setUsers(list);
    } catch (error) {
      console.warn('SkySlope matched users could not be loaded', error);
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  const rematch = async () => {
    setMatching(true);
    try {
      const answer = await skyslopeApi.rematchUsers();
      if (answer.running) notify(answer.status || M.matchingStillRunning, { type: 'info' });
      else notify(answer.status || M.matchedUsersUpdated, { type: 'success' });
      await load();
    } catch (error) {
      notify(serverMessageOf(error, M.matchFailed), { type: 'error' });
    } finally {
      if (mounted.current) setMatching(false);
    }
  };

  return (
    <SectionCard testId="skyslope-matched-users">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography variant="h6" component="h2">
            {L.matchedUsers}
          </Typography>
          <MatchingInfo />
        </Box>
        <Button
          variant="contained"
          onClick={rematch}
          disabled={matching}
          data-testid="skyslope-rematch"
          startIcon={matching ? <CircularProgress size={18} color="inherit" /> : <SyncIcon />}
        >
          {matching ? L.rematching : L.rematch}
        </Button>
      </Box>
      {loading && users.length === 0 ? (
        <LoadingRows testId="skyslope-matched-users-loading" />
      ) : users.length === 0 ? (
        <EmptyState testId="skyslope-matched-users-empty" text={L.noMatchedUsers} />
      ) : (
        <MatchedUsersTable users={users} dimmed={loading} />
      )}
    </SectionCard>
  );
};
