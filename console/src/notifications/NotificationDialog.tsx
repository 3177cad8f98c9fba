import { NOTIFICATION_MERGE_FIELDS, NOTIFICATION_SUBJECT_MAX, type NotificationPreview } from '@app/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { TextInput, useGetIdentity, useNotify } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import type { ConsoleIdentity } from '../auth/authProvider';
import { EmailInput, RichTextInput, sanitizeRichText } from '../shared/form-fields';
import { useConsoleData } from '../dataProvider';
import { MESSAGING_MESSAGES as M, NOTIFICATION_LABELS as L } from './messages';
import {
  addRecipient,
  canSendUpdated,
  fieldErrorsByFormField,
  senderNameOf,
  sendRequestOf,
  type NotificationField,
  type NotificationFormValues,
  type NotificationSource,
} from './rules';

export type NotificationDialogMode = 'send' | 'template';

export interface NotificationDialogProps {
  taskId: number;
  /** send: Edit and Send (edit the email, then send it); template: Edit Template. */
  mode: NotificationDialogMode;
  /** A task sends to its defaults when no recipient is given (Send Updated Email stays enabled). */
  source?: NotificationSource;
  onClose: () => void;
  /** The email went: the task is Completed on the server. */
  onSent?: () => void;
}

const TITLE_ID = 'notification-dialog-title';

/** GET /notifications/preview?task_id= */
function usePreview(taskId: number) {
  const dataProvider = useConsoleData();
  const [preview, setPreview] = useState<NotificationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setPreview(await dataProvider.notificationPreview(taskId));
    } catch (caught) {
      setError(messageOf(caught, L.loadFailed));
    }
  }, [dataProvider, taskId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { preview, error, load };
}

/**
 * The email notification dialog of a notification task (spec 001 sections 2 and 5):
 * Edit and Send shows the email rendered for the task (subject, message as rich text and plain text,
 * recipients as chips with the EmailInput rule, from address) with a Preview as the recipient sees it and
 * Send Updated Email (disabled without recipients, except when the source is a task); Edit Template edits
 * the task's subject and template with its merge fields (Update Template). The server's field errors show
 * under their fields.
 */
export const NotificationDialog = ({ taskId, mode, source = 'task', onClose, onSent }: NotificationDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { preview, error, load } = usePreview(taskId);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
      data-testid="notification-dialog"
      data-mode={mode}
    >
      <DialogTitle id={TITLE_ID} sx={{ pr: 7 }}>
        {mode === 'template' ? L.templateTitle : L.sendTitle}
      </DialogTitle>
      <IconButton
        aria-label={L.close}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
        data-testid="notification-dialog-close"
      >
        <CloseIcon />
      </IconButton>
      {error ? (
        <DialogContent dividers>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
                {L.retry}
              </Button>
            }
            data-testid="notification-dialog-error"
          >
            {error}
          </Alert>
        </DialogContent>
      ) : !preview ? (
        <DialogContent dividers>
          <Box role="status" aria-busy aria-label={L.loading} data-testid="notification-dialog-loading">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={40} sx={{ mt: index ? 1.5 : 0 }} />
            ))}
          </Box>
        </DialogContent>
      ) : mode === 'template' ? (
        <TemplateForm taskId={taskId} preview={preview} onClose={onClose} />
      ) : (
        <SendForm taskId={taskId} preview={preview} source={source} onClose={onClose} onSent={onSent} />
      )}
    </Dialog>
  );
};

const formDefaults = (preview: NotificationPreview): NotificationFormValues => ({
  subject: preview.subject,
  message_html: preview.message.html,
  message_text: preview.message.text,
  from_email: preview.from_email,
  recipient_draft: null,
  template: preview.template?.template ?? preview.message.html,
});

interface SendFormProps {
  taskId: number;
  preview: NotificationPreview;
  source: NotificationSource;
  onClose: () => void;
  onSent?: () => void;
}

const SendForm = ({ taskId, preview, source, onClose, onSent }: SendFormProps) => {
  const notify = useNotify();
  const dataProvider = useConsoleData();
  const form = useForm<NotificationFormValues>({ defaultValues: formDefaults(preview), mode: 'onSubmit' });
  const [recipients, setRecipients] = useState<string[]>(preview.recipients);
  const [recipientsError, setRecipientsError] = useState<string | undefined>();
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [messageForm, setMessageForm] = useState<'html' | 'text'>('html');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const addDraft = (): boolean => {
    const added = addRecipient(recipients, form.getValues('recipient_draft'));
    if (added.error) {
      form.setError('recipient_draft', { type: 'rule', message: added.error });
      return false;
    }
    setRecipients(added.recipients);
    setRecipientsError(undefined);
    form.setValue('recipient_draft', null);
    form.clearErrors('recipient_draft');
    return true;
  };

  const showServerErrors = (errors: Partial<Record<NotificationField, string>>) => {
    setView('edit');
    if (errors.recipients) setRecipientsError(errors.recipients);
    if (errors.message_text && !errors.message_html) setMessageForm('text');
    else if (errors.message_html) setMessageForm('html');
    for (const field of ['subject', 'from_email', 'message_html', 'message_text'] as const) {
      if (errors[field]) form.setError(field, { type: 'server', message: errors[field] });
    }
  };

  const send = form.handleSubmit(async (values) => {
    if (values.recipient_draft && !addDraft()) return;
    const list = values.recipient_draft ? addRecipient(recipients, values.recipient_draft).recipients : recipients;
    setSending(true);
    setProblem(null);
    try {
      await dataProvider.sendNotification(sendRequestOf(taskId, values, list, form.getFieldState('message_text').isDirty));
      notify(M.messageSent, { type: 'success' });
      onSent?.();
      onClose();
    } catch (caught) {
      const { fields, other } = fieldErrorsByFormField(fieldErrorsOf(caught));
      if (Object.keys(fields).length > 0) {
        showServerErrors(fields);
        setProblem(L.fixFields);
      } else setProblem(other ?? messageOf(caught, L.sendFailed));
    } finally {
      setSending(false);
    }
  });

  const values = form.watch();
  const { identity } = useGetIdentity();
  const sender = senderNameOf(identity as Partial<ConsoleIdentity> | undefined);
  const sendable = canSendUpdated(recipients, source);
  return (
    <FormProvider {...form}>
      <DialogContent dividers sx={{ pt: 0 }}>
        <Tabs value={view} onChange={(_, next: 'edit' | 'preview') => setView(next)} aria-label={L.sendTitle} sx={{ mb: 1 }}>
          <Tab
            value="edit"
            label={L.edit}
            id="notification-tab-edit"
            aria-controls="notification-panel-edit"
            data-testid="notification-tab-edit"
          />
          <Tab
            value="preview"
            label={L.preview}
            id="notification-tab-preview"
            aria-controls="notification-panel-preview"
            data-testid="notification-tab-preview"
          />
        </Tabs>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="notification-dialog-problem">
            {problem}
          </Alert>
        )}
        <Box
          role="tabpanel"
          id="notification-panel-edit"
          aria-labelledby="notification-tab-edit"
          hidden={view !== 'edit'}
          data-testid="notification-edit"
        >
          <EmailInput source="from_email" label={L.from} required fullWidth data-testid="notification-from" />
          <Recipients
            recipients={recipients}
            error={recipientsError}
            onRemove={(address) => setRecipients(recipients.filter((item) => item !== address))}
            onAdd={addDraft}
          />
          <TextInput source="subject" label={L.subject} required fullWidth validate={maxSubject} data-testid="notification-subject" />
          <Tabs
            value={messageForm}
            onChange={(_, next: 'html' | 'text') => setMessageForm(next)}
            aria-label={L.message}
            sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36 } }}
          >
            <Tab
              value="html"
              label={L.richText}
              id="notification-message-tab-html"
              aria-controls="notification-message-html"
              data-testid="notification-message-tab-html"
            />
            <Tab
              value="text"
              label={L.plainText}
              id="notification-message-tab-text"
              aria-controls="notification-message-text"
              data-testid="notification-message-tab-text"
            />
          </Tabs>
          <Box
            role="tabpanel"
            id="notification-message-html"
            aria-labelledby="notification-message-tab-html"
            hidden={messageForm !== 'html'}
            data-testid="notification-message-html"
          >
            {messageForm === 'html' && (
              <RichTextInput
                id="notification-message-html-input"
                source="message_html"
                label={L.message}
                required
                fullWidth
                simple
                toolbar={<SmallToolbar label={L.message} />}
              />
            )}
          </Box>
          <Box
            role="tabpanel"
            id="notification-message-text"
            aria-labelledby="notification-message-tab-text"
            hidden={messageForm !== 'text'}
          >
            {messageForm === 'text' && (
              <TextInput
                source="message_text"
                label={L.message}
                multiline
                minRows={6}
                fullWidth
                required
                data-testid="notification-message-text"
              />
            )}
          </Box>
        </Box>
        <Box role="tabpanel" id="notification-panel-preview" aria-labelledby="notification-tab-preview" hidden={view !== 'preview'}>
          {view === 'preview' && (
            <EmailPreview
              sender={sender}
              from={values.from_email ?? ''}
              recipients={recipients}
              subject={values.subject}
              html={values.message_html}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={sending}>
          {L.cancel}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!sendable || sending} data-testid="notification-send-updated">
          {sending ? L.sending : L.sendUpdated}
        </Button>
      </DialogActions>
    </FormProvider>
  );
};

const maxSubject = (value: unknown) => (String(value ?? '').length > NOTIFICATION_SUBJECT_MAX ? M.subjectTooLong : undefined);

interface RecipientsProps {
  recipients: readonly string[];
  error?: string;
  onRemove: (address: string) => void;
  /** Adds the typed address; false when it is refused (its message shows under the field). */
  onAdd: () => boolean;
}

/** The recipients as chips, and the address being typed (the EmailInput rule; Enter, comma or leaving it adds it). */
const Recipients = ({ recipients, error, onRemove, onAdd }: RecipientsProps) => {
  const labelId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      event.preventDefault();
      onAdd();
    }
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }} aria-labelledby={labelId} data-testid="notification-recipients">
      <Typography id={labelId} component="legend" variant="caption" color={error ? 'error' : 'text.secondary'}>
        {L.recipients}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {recipients.map((address) => (
          <li key={address}>
            <Chip
              label={address}
              size="small"
              onDelete={() => onRemove(address)}
              deleteIcon={<CancelIcon role="button" aria-label={L.removeRecipient.replace('{email}', address)} aria-hidden={false} />}
              sx={{ maxWidth: '100%' }}
              data-testid="notification-recipient"
            />
          </li>
        ))}
      </Box>
      {recipients.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="notification-no-recipients">
          {L.noRecipientsYet}
        </Typography>
      )}
      <EmailInput
        source="recipient_draft"
        label={L.addRecipient}
        helperText={L.addRecipientHelp}
        fullWidth
        onKeyDown={onKeyDown}
        onBlur={(event: React.FocusEvent<HTMLInputElement>) => {
          if (event.target.value.trim()) onAdd();
        }}
        data-testid="notification-recipient-input"
      />
      {error && (
        <FormHelperText error data-testid="notification-recipients-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
};

/**
 * The email as the recipient sees it: from, reply-to, to, subject and the message's HTML (sanitised). The
 * mail goes From '{sender} via {team}' at the platform's address with Reply-To the from address,
 * so From shows that name when the signed-in user's is known, else the from address.
 */
export const EmailPreview = ({
  sender,
  from,
  recipients,
  subject,
  html,
}: {
  sender?: string | null;
  from: string;
  recipients: readonly string[];
  subject: string;
  html: string;
}) => (
  <Box
    role="region"
    aria-label={L.previewRegion}
    data-testid="notification-preview"
    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
  >
    <Box
      component="dl"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
        typography: 'body2',
      }}
    >
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {L.from}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="notification-preview-from">
        {sender || from}
      </Box>
      {sender && (
        <>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {L.replyTo}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="notification-preview-reply-to">
            {from}
          </Box>
        </>
      )}
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {L.to}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid="notification-preview-to">
        {recipients.length > 0 ? recipients.join(', ') : L.noRecipientsYet}
      </Box>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {L.subject}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="notification-preview-subject">
        {subject}
      </Box>
    </Box>
    <Box
      sx={{ p: 2, overflowWrap: 'anywhere', '& p': { mt: 0, mb: 1 } }}
      data-testid="notification-preview-body"
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  </Box>
);

/** The editor's formatting buttons; it names the editor for assistive technology (the label is not tied to it). */
const SmallToolbar = ({ label, children }: { label: string; children?: React.ReactNode }) => (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <ClearButtons size="small" />
    <EditorName label={label} />
    {children}
  </RichTextInputToolbar>
);

const EditorName = ({ label }: { label: string }) => {
  const editor = useTiptapEditor();
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom as HTMLElement;
    dom.setAttribute('role', 'textbox');
    dom.setAttribute('aria-multiline', 'true');
    dom.setAttribute('aria-label', label);
  }, [editor, label]);
  return null;
};

/** The merge fields as buttons in the template editor's toolbar: a click types {{field}} at the cursor. */
const MergeFieldButtons = () => {
  const editor = useTiptapEditor();
  return (
    <Box
      role="group"
      aria-label={L.mergeFields}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', ml: 1 }}
      data-testid="notification-merge-fields"
    >
      {NOTIFICATION_MERGE_FIELDS.map((field) => (
        <Chip
          key={field}
          size="small"
          variant="outlined"
          label={`{{${field}}}`}
          aria-label={L.insertMergeField.replace('{field}', field)}
          disabled={!editor}
          onClick={() => editor?.chain().focus().insertContent(`{{${field}}}`).run()}
        />
      ))}
    </Box>
  );
};

const TemplateForm = ({ taskId, preview, onClose }: { taskId: number; preview: NotificationPreview; onClose: () => void }) => {
  const notify = useNotify();
  const dataProvider = useConsoleData();
  const form = useForm<NotificationFormValues>({
    defaultValues: { ...formDefaults(preview), subject: preview.template?.subject ?? preview.subject },
    mode: 'onSubmit',
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = form.handleSubmit(async ({ subject, template }) => {
    setSaving(true);
    setProblem(null);
    try {
      await dataProvider.updateNotificationTemplate({ task_id: taskId, subject, template });
      notify(M.templateUpdated, { type: 'success' });
      onClose();
    } catch (caught) {
      const { fields, other } = fieldErrorsByFormField(fieldErrorsOf(caught));
      for (const field of ['subject', 'template'] as const) {
        if (fields[field]) form.setError(field, { type: 'server', message: fields[field] });
      }
      setProblem(fields.subject || fields.template ? L.fixFields : (other ?? messageOf(caught, L.saveFailed)));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormProvider {...form}>
      <DialogContent dividers>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="notification-dialog-problem">
            {problem}
          </Alert>
        )}
        <TextInput source="subject" label={L.subject} required fullWidth validate={maxSubject} data-testid="notification-subject" />
        <Box data-testid="notification-template">
          <RichTextInput
            id="notification-template-input"
            source="template"
            label={L.template}
            required
            fullWidth
            simple
            sx={{ '& .RaRichTextInputToolbar-root': { flexWrap: 'wrap' } }}
            toolbar={
              <SmallToolbar label={L.template}>
                <MergeFieldButtons />
              </SmallToolbar>
            }
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={saving}>
          {L.cancel}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="notification-update-template">
          {saving ? L.saving : L.updateTemplate}
        </Button>
      </DialogActions>
    </FormProvider>
  );
};
