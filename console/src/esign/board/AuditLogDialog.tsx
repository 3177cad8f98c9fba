import type { EsignAuditDocumentHash, EsignAuditLog, EsignBoardRow } from '@app/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { messageOf } from '../../shared/forms/fieldErrors';
import { esignApi } from '..';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { addressOf, auditEventLabel, auditTimes } from './format';

/** Opens a URL in a new tab, out of reach of this page (tests replace it). */
export const openInNewTab = (url: string): void => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

const Hash = ({ item, testId }: { item: EsignAuditDocumentHash; testId: string }) => (
  <Box component="li" sx={{ mb: 1, minWidth: 0 }} data-testid={testId}>
    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {item.name}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {L.sha256}: <span data-testid={`${testId}-sha256`}>{item.sha256}</span>
    </Typography>
  </Box>
);

/**
 * A completed request's audit log (spec 002 sections 2.5 and 7): each event with its time in the user's zone
 * and in UTC, type, actor, email, IP, user agent and detail; the SHA-256 of each original document and of the
 * signed one; Download of the signed PDF (GET /esign/requests/{id}/documents, then its URL opens).
 */
export const AuditLogDialog = ({
  request,
  timeZone,
  onClose,
}: {
  request: EsignBoardRow;
  timeZone: string | null;
  onClose: () => void;
}) => {
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [log, setLog] = useState<EsignAuditLog | null>(null);
  const [downloading, setDownloading] = useState(false);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const latest = useRef({ notify, onClose, logoutIfAccessDenied });
  latest.current = { notify, onClose, logoutIfAccessDenied };
  const requestId = request.esig_request_id;

  useEffect(() => {
    let live = true;
    esignApi.getAuditLog(requestId).then(
      (body) => live && setLog(body),
      (error: unknown) => {
        if (!live) return;
        void latest.current.logoutIfAccessDenied(error);
        latest.current.notify(messageOf(error, L.serverError), { type: 'error' });
        latest.current.onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [requestId]);

  const download = async () => {
    setDownloading(true);
    try {
      const link = await esignApi.getSignedDocument(requestId);
      openInNewTab(link.url);
    } catch (error) {
      notify(messageOf(error, L.serverError), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const subtitle = [request.esignature_template?.name, addressOf(request.transaction)].filter(Boolean).join(' · ');

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="esign-audit-title"
      data-testid="esign-audit-dialog"
    >
      <DialogTitle id="esign-audit-title">
        {L.auditTitle}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {!log ? (
          <Box role="status" aria-busy="true" aria-label={L.auditLoading} data-testid="esign-audit-loading">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} height={36} />
            ))}
          </Box>
        ) : (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {L.auditEvents}
            </Typography>
            {log.events.length === 0 ? (
              <Typography color="text.secondary">{L.noEvents}</Typography>
            ) : (
              <TableContainer
                tabIndex={0}
                role="region"
                aria-label={L.auditEvents}
                sx={{ overflowX: 'auto', contain: 'inline-size', mb: 2 }}
              >
                <Table size="small" sx={{ minWidth: 880, '& td': { verticalAlign: 'top' } }}>
                  <TableHead>
                    <TableRow>
                      {[L.time, L.type, L.actor, L.email, L.ip, L.userAgent, L.detail].map((header) => (
                        <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          {header}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {log.events.map((event, index) => {
                      const times = auditTimes(event.ts, timeZone);
                      return (
                        <TableRow key={`${event.ts}-${index}`} data-testid="esign-audit-event">
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <span data-testid="esign-audit-event-local">{times.local}</span>
                            <Typography variant="caption" color="text.secondary" component="div" data-testid="esign-audit-event-utc">
                              {times.utc}
                            </Typography>
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{auditEventLabel(event.type)}</TableCell>
                          <TableCell>{event.actor}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{event.email ?? ''}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{event.ip ?? ''}</TableCell>
                          <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{event.user_agent ?? ''}</TableCell>
                          <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{event.detail ?? ''}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {L.documents}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {log.documents.map((item, index) => (
                <Hash key={`${item.sha256}-${index}`} item={item} testId="esign-audit-document" />
              ))}
            </Box>
            {log.final && (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>
                  {L.finalDocument}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  <Hash item={log.final} testId="esign-audit-final" />
                </Box>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={!log || downloading || (log.status !== 'C' && !log.final)}
          data-testid="esign-audit-download"
        >
          {L.download}
        </Button>
        <Button onClick={onClose} data-testid="esign-audit-close">
          {L.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
