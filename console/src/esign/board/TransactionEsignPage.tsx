import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useBasename } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { transactionTitle } from '../../transactions/detail/parts';
import { useTransaction } from '../../transactions/detail/useTransaction';
import { transactionPagePath } from '../../transactions/paths';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { EsignRequestBoard } from './EsignRequestBoard';
import { NewRequestPicker } from './NewRequestPicker';

/**
 * /app/transactions/{client_id}/esign: the transaction's e-sign tab (spec 002 sections 2.2 and 2.5): the
 * board of its requests (the same board, with client_id) and New Signature Request, whose picker offers the
 * templates and packets of the transaction's type and opens the stepper on the draft it makes.
 */
const TransactionEsignPage = () => {
  const { id } = useParams();
  const basename = useBasename();
  const { detail, error } = useTransaction(id, null);
  const [picking, setPicking] = useState(false);
  const clientId = Number(id);
  const title = detail ? `${L.tabTitle}: ${transactionTitle(detail)}` : L.tabTitle;

  return (
    <PageFrame title={title} testId="transaction-esign-page" maxWidth={1600}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Button
          component={RouterLink}
          to={transactionPagePath(basename, id ?? '')}
          startIcon={<ArrowBackIcon />}
          data-testid="transaction-esign-back"
        >
          {L.backToTransaction}
        </Button>
        {!error && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setPicking(true)}
            disabled={!detail}
            data-testid="esign-new-request"
          >
            {L.newRequest}
          </Button>
        )}
      </Box>
      {error ? (
        <Alert severity="error" data-testid="transaction-esign-error">
          {error}
        </Alert>
      ) : (
        <SectionCard>
          <EsignRequestBoard clientId={clientId} />
        </SectionCard>
      )}
      {picking && detail && <NewRequestPicker clientId={detail.client_id} side={detail.side} onClose={() => setPicking(false)} />}
    </PageFrame>
  );
};

export default TransactionEsignPage;
