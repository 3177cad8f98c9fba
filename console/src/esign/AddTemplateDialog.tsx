import type { EsignTemplate, StorageOptions, TransactionTypeOption } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Form, RadioButtonGroupInput, SelectInput, TextInput, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { submitErrors } from '../shared/forms/submitErrors';
import { requiredRule } from '../shared/form-fields';
import { esignApi } from '.';
import { TemplateUploadError } from './api';
import { ESIGN_MESSAGES, ESIGN_TEMPLATE_LABELS as L } from './messages';
import { PdfFileInput } from './PdfFileInput';
import {
  EMPTY_TEMPLATE_FORM,
  nameFromFile,
  TEMPLATE_FORM_FIELDS,
  templateFileError,
  templatePayload,
  transactionTypeChoices,
  uploadPercent,
  uploadStageErrors,
  type TemplateFormValues,
} from './templateForm';

const required = requiredRule(ESIGN_MESSAGES.required);
const fileRule = (value: unknown) => templateFileError(value as File | null);

/** The inputs of Add Template (spec 002 section 5): the PDF, name, folder, transaction type, document type. */
const TemplateInputs = ({
  options,
  transactionTypes,
  busy,
}: {
  options: StorageOptions;
  transactionTypes: readonly TransactionTypeOption[];
  busy: boolean;
}) => {
  const { getValues, setValue } = useFormContext();
  return (
    <>
      <PdfFileInput
        source="template_file"
        validate={fileRule}
        disabled={busy}
        onPicked={(file) => {
          // The file's name fills an empty template name.
          if (!String(getValues('name') ?? '').trim())
            setValue('name', nameFromFile(file.name), { shouldDirty: true, shouldValidate: true });
        }}
      />
      <TextInput
        source="name"
        label={L.templateName}
        validate={required}
        disabled={busy}
        fullWidth
        data-testid="esign-template-name-field"
      />
      <SelectInput
        source="storage_folder_id"
        label={L.folder}
        choices={options.folders}
        optionValue="client_document_folder_id"
        optionText="folder_name"
        translateChoice={false}
        validate={required}
        disabled={busy}
        fullWidth
        data-testid="esign-template-folder"
      />
      <RadioButtonGroupInput
        source="type_id"
        label={L.transactionType}
        choices={transactionTypeChoices(transactionTypes)}
        translateChoice={false}
        disabled={busy}
        data-testid="esign-template-type"
      />
      <SelectInput
        source="default_document_type"
        label={L.documentType}
        choices={options.document_types}
        optionValue="team_document_type_id"
        optionText="name"
        translateChoice={false}
        emptyText={L.documentTypeNone}
        disabled={busy}
        fullWidth
        data-testid="esign-template-document-type"
      />
    </>
  );
};

/**
 * Add Template in a dialog: the PDF goes up to its signed URL with a progress bar (POST upload, PUT,
 * POST upload/confirm), then POST /esign/templates; `onCreated` opens the builder. A refused file's
 * message shows under the file, the server's other field errors under their inputs.
 */
export const AddTemplateDialog = ({
  options,
  optionsError = null,
  onRetryOptions,
  transactionTypes,
  onClose,
  onCreated,
}: {
  options: StorageOptions;
  /** The folders and document types failed to load: said above the form, with Retry. */
  optionsError?: string | null;
  onRetryOptions?: () => void;
  transactionTypes: readonly TransactionTypeOption[];
  onClose: () => void;
  onCreated: (template: EsignTemplate) => void;
}) => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const record = useMemo(() => ({ ...EMPTY_TEMPLATE_FORM }), []);

  const handleSubmit = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const form = values as unknown as TemplateFormValues;
    setBusy(true);
    setProgress(0);
    try {
      const template = await esignApi.uploadTemplate(form.template_file as File, templatePayload(form), (loaded, total) =>
        setProgress(uploadPercent(loaded, total)),
      );
      onCreated(template);
      return undefined;
    } catch (error) {
      setProgress(null);
      setBusy(false);
      if (error instanceof TemplateUploadError && error.stage === 'upload') {
        const placed = uploadStageErrors(error.cause);
        if (placed.toast) notify(placed.toast, { type: 'error' });
        return placed.fields;
      }
      return submitErrors(error instanceof TemplateUploadError ? error.cause : error, notify, TEMPLATE_FORM_FIELDS);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      data-testid="esign-add-template-dialog"
      aria-labelledby="esign-add-template-title"
    >
      <Form record={record} onSubmit={handleSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
        <DialogTitle id="esign-add-template-title">{L.addTemplateTitle}</DialogTitle>
        <DialogContent>
          {optionsError && (
            <Alert
              severity="error"
              sx={{ mb: 1 }}
              data-testid="esign-storage-options-error"
              action={
                onRetryOptions && (
                  <Button color="inherit" size="small" onClick={onRetryOptions}>
                    {L.retry}
                  </Button>
                )
              }
            >
              {optionsError}
            </Alert>
          )}
          <TemplateInputs options={options} transactionTypes={transactionTypes} busy={busy} />
          {progress !== null && (
            <Box sx={{ mt: 1 }} data-testid="esign-upload-progress" data-progress={progress}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {progress < 100 ? `${L.uploading} ${progress}%` : L.creating}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={L.uploadProgress} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} data-testid="esign-add-template-cancel">
            {L.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="esign-add-template-save">
            {L.create}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
