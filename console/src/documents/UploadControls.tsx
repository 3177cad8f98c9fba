import type { TransactionDocument, TransactionDocumentFolder, TransactionDocumentType } from '@app/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { ACCEPTED_FILES, uploadProblem } from '../tasks/taskRules';
import { documentsApi } from '.';
import { DOCUMENT_LABELS as L, DOCUMENT_MESSAGES as M } from './messages';
import { uploadDocument, uploadErrorsOf } from './upload';

export interface UploadControlsProps {
  clientId: number;
  /** The transaction's side: only the folders taking its documents. */
  side: 'b' | 's';
  /** Attach the document to this task. */
  taskId?: number;
  /** The folder page: its folder, no folder dropdown. */
  fixedFolderId?: number;
  /** The task's document type, chosen at first. */
  defaultTypeId?: number | null;
  onUploaded: (document: TransactionDocument) => void;
  testId: string;
}

/**
 * A folder dropdown (unless the folder is given), a document type dropdown and a PDF/JPG/PNG picker (spec
 * 001 sections 2, 5 and 8): a file picked before both are chosen sends nothing and says which is missing.
 */
export const UploadControls = ({
  clientId,
  side,
  taskId,
  fixedFolderId,
  defaultTypeId = null,
  onUploaded,
  testId,
}: UploadControlsProps) => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [folders, setFolders] = useState<TransactionDocumentFolder[]>([]);
  const [types, setTypes] = useState<TransactionDocumentType[]>([]);
  const [folderId, setFolderId] = useState<number | null>(fixedFolderId ?? null);
  const [typeId, setTypeId] = useState<number | null>(defaultTypeId);
  const [errors, setErrors] = useState<{ folder?: string; type?: string; general?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    if (fixedFolderId === undefined)
      documentsApi.getFolders(side).then(
        (list) => live && setFolders(list),
        () => undefined,
      );
    documentsApi.getTypes().then(
      (list) => live && setTypes(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [side, fixedFolderId]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem({ folderId, typeId }, file);
    if (problem) {
      setErrors(problem === M.folderRequired ? { folder: problem } : problem === M.typeRequired ? { type: problem } : { general: problem });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const document = await uploadDocument(documentsApi, clientId, file, { folderId: folderId!, typeId: typeId!, taskId });
      onUploaded(document);
    } catch (caught) {
      void logoutIfAccessDenied(caught);
      setErrors(uploadErrorsOf(caught, L.uploadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: fixedFolderId === undefined ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 320px)' },
        }}
      >
        {fixedFolderId === undefined && (
          <TextField
            select
            size="small"
            label={L.folder}
            value={folderId ?? ''}
            onChange={(event) => {
              setFolderId(event.target.value === '' ? null : Number(event.target.value));
              setErrors((current) => ({ ...current, folder: undefined }));
            }}
            error={!!errors.folder}
            helperText={errors.folder}
            slotProps={{
              select: { 'data-testid': `${testId}-folder` } as object,
              formHelperText: { 'data-testid': `${testId}-folder-error` } as object,
            }}
          >
            {folders.map((folder) => (
              <MenuItem key={folder.client_document_folder_id} value={folder.client_document_folder_id}>
                {folder.folder_name}
              </MenuItem>
            ))}
            {folders.length === 0 && (
              <MenuItem disabled value="">
                {L.none}
              </MenuItem>
            )}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={L.documentType}
          value={typeId !== null && (types.length === 0 || types.some((type) => type.team_document_type_id === typeId)) ? typeId : ''}
          onChange={(event) => {
            setTypeId(event.target.value === '' ? null : Number(event.target.value));
            setErrors((current) => ({ ...current, type: undefined }));
          }}
          error={!!errors.type}
          helperText={errors.type}
          slotProps={{
            select: { 'data-testid': `${testId}-type` } as object,
            formHelperText: { 'data-testid': `${testId}-type-error` } as object,
          }}
        >
          {types.map((type) => (
            <MenuItem key={type.team_document_type_id} value={type.team_document_type_id}>
              {type.category_name ? `${type.name} (${type.category_name})` : type.name}
            </MenuItem>
          ))}
          {types.length === 0 && typeId !== null && <MenuItem value={typeId}>{L.documentType}</MenuItem>}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} /> : <UploadFileIcon />}
          disabled={busy}
          data-testid={`${testId}-pick`}
        >
          {busy ? L.uploading : L.chooseFile}
          <input hidden type="file" accept={ACCEPTED_FILES} onChange={(event) => void pick(event)} data-testid={`${testId}-file`} />
        </Button>
      </Box>
      {errors.general && (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {errors.general}
        </Alert>
      )}
    </Box>
  );
};
