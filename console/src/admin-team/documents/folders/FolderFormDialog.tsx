import type { DocumentFolder } from '@app/contracts';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { BooleanInput, RadioButtonGroupInput, TextInput, useCreate, useNotify, useUpdate } from 'react-admin';
import { FormDialog } from '../../../shared/dialogs/FormDialog';
import { submitSave } from '../../../shared/forms/submitErrors';
import { updateCachedLists } from '../../../shared/load/useResourceList';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import {
  FOLDER_FIELDS,
  FOLDERS,
  FOLDER_TYPE_CHOICES,
  folderFormValues,
  folderNameRules,
  folderPayload,
  upsertFolder,
  type FolderFilter,
  type FolderFormValues,
} from './folderRules';

const L = ADMIN_TEAM_LABELS;
const F = L.folderFields;

/** The inputs of a folder, shared by create and edit. */
export const FolderInputs = () => (
  <>
    <TextInput source="folder_name" label={F.folder_name} validate={folderNameRules} autoFocus data-testid="folder-name" />
    <RadioButtonGroupInput
      source="transaction_type"
      label={F.transaction_type}
      choices={FOLDER_TYPE_CHOICES as { id: string; name: string }[]}
      translateChoice={false}
      data-testid="folder-transaction_type"
    />
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 1 }}>
      {L.folderVisibilityHint}
    </Typography>
    <BooleanInput source="client_visible" label={F.client_visible} data-testid="folder-client_visible" />
    <BooleanInput source="vendor_visible" label={F.vendor_visible} data-testid="folder-vendor_visible" />
  </>
);

/**
 * Add or edit a folder in a dialog (FolderCreate and FolderEdit in one): the server's field errors
 * land under their inputs, with the spec's form error.
 */
export const FolderFormDialog = ({
  folder,
  onClose,
  onSaved,
}: {
  /** The folder to edit; null adds one. */
  folder: DocumentFolder | null;
  onClose: () => void;
  /** After the save: the folder lists have it through react-admin's cache. */
  onSaved: () => void;
}) => {
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const queryClient = useQueryClient();
  const record = useMemo(() => ({ id: folder?.client_document_folder_id ?? 'new', ...folderFormValues(folder) }), [folder]);

  const handleSubmit = (values: Record<string, unknown>) => {
    const payload = folderPayload(values as Partial<FolderFormValues>);
    return submitSave(notify, {
      save: () =>
        folder
          ? update(
              FOLDERS,
              { id: folder.client_document_folder_id, data: payload, previousData: folder },
              { mutationMode: 'pessimistic', returnPromise: true },
            )
          : create(FOLDERS, { data: payload }, { returnPromise: true }),
      onSaved: (saved) => {
        // Spec 000 section 4: the lists change at once, in order, each as its filter shows it.
        updateCachedLists<DocumentFolder & RaRecord>(
          queryClient,
          FOLDERS,
          (rows, filter) =>
            upsertFolder(rows, saved as DocumentFolder, (filter.transaction_type ?? '') as FolderFilter) as (DocumentFolder & RaRecord)[],
        );
        onSaved();
      },
      savedMessage: folder ? ADMIN_MESSAGES.folderUpdated : ADMIN_MESSAGES.folderCreated,
      fields: FOLDER_FIELDS,
    });
  };

  return (
    <FormDialog
      title={folder ? L.editFolder : L.newFolder}
      record={record}
      onSubmit={handleSubmit}
      onClose={onClose}
      testId="folder-dialog"
    >
      <FolderInputs />
    </FormDialog>
  );
};
