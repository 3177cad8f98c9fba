import { folderSlugOf, type DocumentFolderWithDocuments, type TransactionDocument, type TransactionDocumentWithUrl } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBasename, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { PageFrame, SectionCard } from '../shared/page/PageFrame';
import { messageOf, statusOf } from '../shared/forms/fieldErrors';
import { transactionTitle } from '../transactions/detail/parts';
import { useTransaction } from '../transactions/detail/useTransaction';
import { transactionPagePath } from '../transactions/paths';
import { documentsApi } from '.';
import { DOCUMENT_LABELS as L, DOCUMENT_MESSAGES as M } from './messages';
import { documentPath, documentsPath, folderPath } from './paths';
import { UploadControls } from './UploadControls';
import { documentKind, formatBytes, type DocumentKind } from './documentRules';

/** GET /transaction/{client_id}/documents: the folders of its side with their documents. */
function useFolders(clientId: number) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [folders, setFolders] = useState<DocumentFolderWithDocuments[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setFolders(await documentsApi.getTransactionDocuments(clientId));
      setError(null);
    } catch (caught) {
      void logoutRef.current(caught);
      setError(statusOf(caught) === 404 ? M.notFound : messageOf(caught, L.loadFailed));
    }
  }, [clientId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { folders, error, reload };
}

const Loading = () => (
  <Box role="status" aria-busy aria-label={L.loading} data-testid="documents-loading">
    {Array.from({ length: 4 }, (_, index) => (
      <Skeleton key={index} variant="rounded" height={40} sx={{ mt: 1 }} />
    ))}
  </Box>
);

/** 'Document not found' and the way back to the folders. */
const NotFound = ({ clientId }: { clientId: number }) => {
  const basename = useBasename();
  return (
    <Box data-testid="document-not-found">
      <Alert severity="warning" sx={{ mb: 2 }}>
        {M.notFound}
      </Alert>
      <Button
        component={RouterLink}
        to={documentsPath(basename, clientId)}
        variant="outlined"
        startIcon={<ArrowBackIcon />}
        data-testid="document-back-to-folders"
      >
        {L.backToFolders}
      </Button>
    </Box>
  );
};

const countText = (count: number) => (count === 1 ? L.oneDocument : L.documentCount.replace('{count}', String(count)));

const DocumentRows = ({ clientId, slug, documents }: { clientId: number; slug: string; documents: readonly TransactionDocument[] }) => {
  const basename = useBasename();
  if (documents.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {L.emptyFolder}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {documents.map((document) => (
        <ListItem key={document.id} disableGutters data-testid="document-row" data-document-id={document.id}>
          <ListItemText
            primary={
              <Link
                component={RouterLink}
                to={documentPath(basename, clientId, slug, document.id)}
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="document-link"
              >
                {document.filename}
              </Link>
            }
            secondary={[
              document.type?.name,
              formatBytes(document.size),
              document.uploaded_by_name,
              document.uploaded_ts ? new Date(document.uploaded_ts).toLocaleDateString() : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
};

/** The transaction's name for the page headings. */
function useHeading(clientId: number, base: string) {
  const { detail } = useTransaction(clientId, null);
  return { detail, title: detail ? `${base}: ${transactionTitle(detail)}` : base };
}

/** /app/transactions/{id}/documents: every folder with its documents. */
const FoldersView = ({ clientId }: { clientId: number }) => {
  const basename = useBasename();
  const { folders, error } = useFolders(clientId);
  const { title } = useHeading(clientId, L.pageTitle);
  return (
    <PageFrame title={title} testId="documents-page" maxWidth={1000}>
      <Button component={RouterLink} to={transactionPagePath(basename, clientId)} startIcon={<ArrowBackIcon />} sx={{ mb: 1.5 }}>
        {L.backToTransaction}
      </Button>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : !folders ? (
        <Loading />
      ) : (
        folders.map((folder) => (
          <SectionCard key={folder.folder_id} testId="documents-folder">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <FolderOutlinedIcon color="action" aria-hidden />
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={folderPath(basename, clientId, folder.slug || folderSlugOf(folder.folder_name))}
                  data-testid="documents-folder-link"
                >
                  {folder.folder_name}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {countText(folder.documents.length)}
              </Typography>
            </Box>
            <DocumentRows clientId={clientId} slug={folder.slug || folderSlugOf(folder.folder_name)} documents={folder.documents} />
          </SectionCard>
        ))
      )}
    </PageFrame>
  );
};

const slugOf = (folder: DocumentFolderWithDocuments) => folder.slug || folderSlugOf(folder.folder_name);

/** /app/transactions/{id}/documents/{folder-name-slug}: one folder, with upload. */
const FolderView = ({ clientId }: { clientId: number }) => {
  const { slug = '' } = useParams();
  const notify = useNotify();
  const { folders, error, reload } = useFolders(clientId);
  const { detail } = useHeading(clientId, L.folderTitle);
  const folder = folders?.find((item) => slugOf(item) === slug);
  const title = folder ? `${L.folderTitle}: ${folder.folder_name}` : L.folderTitle;
  return (
    <PageFrame title={title} testId="document-folder-page" maxWidth={1000}>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : !folders ? (
        <Loading />
      ) : !folder ? (
        <NotFound clientId={clientId} />
      ) : (
        <>
          <BackToFolders clientId={clientId} />
          <SectionCard>
            <DocumentRows clientId={clientId} slug={slug} documents={folder.documents} />
          </SectionCard>
          {detail && (
            <SectionCard>
              <UploadControls
                clientId={clientId}
                side={detail.side}
                fixedFolderId={folder.folder_id}
                testId="folder-upload"
                onUploaded={() => {
                  notify(L.uploadedOk, { type: 'success' });
                  void reload();
                }}
              />
            </SectionCard>
          )}
        </>
      )}
    </PageFrame>
  );
};

const BackToFolders = ({ clientId }: { clientId: number }) => {
  const basename = useBasename();
  return (
    <Button
      component={RouterLink}
      to={documentsPath(basename, clientId)}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 1.5 }}
      data-testid="document-back-to-folders"
    >
      {L.backToFolders}
    </Button>
  );
};

/** GET /transaction/documents/{id}: the document and its signed URL (null: not found). */
function useDocument(documentId: string | undefined) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [state, setState] = useState<{ document: TransactionDocumentWithUrl | null; error: string | null; done: boolean }>({
    document: null,
    error: null,
    done: false,
  });
  useEffect(() => {
    let live = true;
    if (!documentId || !/^\d+$/.test(documentId)) {
      setState({ document: null, error: null, done: true });
      return;
    }
    documentsApi.getDocument(documentId).then(
      (document) => live && setState({ document, error: null, done: true }),
      (caught: unknown) => {
        void logoutRef.current(caught);
        if (!live) return;
        const status = statusOf(caught);
        setState({
          document: null,
          error: status === 404 || status === 403 || status === 400 ? null : messageOf(caught, L.loadFailed),
          done: true,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [documentId]);
  return state;
}

/** /app/transactions/{id}/documents/{folder-name-slug}/{documentId}: the PDF or image, with Download. */
const DocumentView = ({ clientId }: { clientId: number }) => {
  const { slug = '', documentId } = useParams();
  const { document, error, done } = useDocument(documentId);
  const found = document && document.client_id === clientId && folderSlugOf(document.folder_name) === slug ? document : null;
  return (
    <PageFrame title={found ? found.filename : L.viewTitle} testId="document-view-page" maxWidth={1200}>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : !done ? (
        <Loading />
      ) : !found ? (
        <NotFound clientId={clientId} />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
            <BackToFolder clientId={clientId} slug={slug} />
            <Button
              component="a"
              href={found.url}
              download={found.filename}
              target="_blank"
              rel="noopener noreferrer"
              variant="contained"
              startIcon={<DownloadIcon />}
              data-testid="document-download"
            >
              {L.download}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {[found.folder_name, found.type?.name, formatBytes(found.size)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Viewer document={found} kind={documentKind(found)} />
        </>
      )}
    </PageFrame>
  );
};

const BackToFolder = ({ clientId, slug }: { clientId: number; slug: string }) => {
  const basename = useBasename();
  return (
    <Button
      component={RouterLink}
      to={folderPath(basename, clientId, slug)}
      startIcon={<ArrowBackIcon />}
      data-testid="document-back-to-folder"
    >
      {L.backToFolder}
    </Button>
  );
};

const Viewer = ({ document, kind }: { document: TransactionDocumentWithUrl; kind: DocumentKind }) =>
  kind === 'pdf' ? (
    <Box
      component="iframe"
      src={document.url}
      title={`${L.viewerTitle}: ${document.filename}`}
      data-testid="document-viewer-pdf"
      sx={{ width: '100%', height: { xs: '70vh', md: '80vh' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  ) : kind === 'image' ? (
    <Box
      component="img"
      src={document.url}
      alt={document.filename}
      data-testid="document-viewer-image"
      sx={{ maxWidth: '100%', height: 'auto', display: 'block', border: 1, borderColor: 'divider' }}
    />
  ) : (
    <Alert severity="info">{L.noPreview}</Alert>
  );

/** /app/transactions/{clientId}/documents/view/{docId}: the messages' link, on to the document's folder route. */
const DocumentLink = ({ clientId }: { clientId: number }) => {
  const basename = useBasename();
  const { docId } = useParams();
  const { document, error, done } = useDocument(docId);
  if (document && document.client_id === clientId)
    return <Navigate to={documentPath(basename, clientId, folderSlugOf(document.folder_name), document.id)} replace />;
  return (
    <PageFrame title={L.viewTitle} testId="document-view-page" maxWidth={1000}>
      {error ? <Alert severity="error">{error}</Alert> : !done ? <Loading /> : <NotFound clientId={clientId} />}
    </PageFrame>
  );
};

/** The documents routes under /app/transactions/{id}/documents. */
const DocumentsPage = () => {
  const { id } = useParams();
  const clientId = Number(id);
  return (
    <Routes>
      <Route index element={<FoldersView clientId={clientId} />} />
      <Route path="view/:docId" element={<DocumentLink clientId={clientId} />} />
      <Route path=":slug" element={<FolderView clientId={clientId} />} />
      <Route path=":slug/:documentId" element={<DocumentView clientId={clientId} />} />
      <Route
        path="*"
        element={
          <PageFrame title={L.viewTitle} testId="document-view-page">
            <NotFound clientId={clientId} />
          </PageFrame>
        }
      />
    </Routes>
  );
};

export default DocumentsPage;
