import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { Form, SaveButton, type RaRecord } from 'react-admin';
import { COMMON_LABELS } from '../messages';

/**
 * A small create/edit form in a dialog. `onSubmit` answers the field errors to place under the
 * inputs (react-admin's <Form>), or nothing; Save is disabled while it runs and until something changed.
 */
export const FormDialog = ({
  title,
  record,
  onSubmit,
  onClose,
  testId,
  children,
}: {
  title: string;
  record: Partial<RaRecord>;
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) => (
  <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={testId} aria-labelledby={`${testId}-title`}>
    <Form record={record} onSubmit={onSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid={`${testId}-cancel`}>
          {COMMON_LABELS.cancel}
        </Button>
        <SaveButton label={COMMON_LABELS.save} data-testid={`${testId}-save`} />
      </DialogActions>
    </Form>
  </Dialog>
);
