import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form, FormDataConsumer, Loading, SaveButton, TextInput, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { teamAdminApi } from '../..';
import { PageFrame, SectionCard } from '../../../shared/page/PageFrame';
import { LoadError } from '../../../shared/load/LoadState';
import { submitSave } from '../../../shared/forms/submitErrors';
import { useLoad } from '../../../shared/load/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { MESSAGE_TEMPLATE_FIELDS, messageTemplateRules, templateText, templateUsage } from './messageTemplateRules';
import { useLeaveGuard } from './useLeaveGuard';

const L = ADMIN_TEAM_LABELS;

const Usage = ({ value }: { value: unknown }) => {
  const { count, max, over } = templateUsage(value);
  return (
    <Typography variant="caption" color={over ? 'error' : 'text.secondary'} data-testid="message-template-count">
      {L.characters(count, max)}
    </Typography>
  );
};

/** Asks before leaving while the text differs from the saved one. */
const LeaveGuard = ({ saved }: { saved: string }) => {
  const text = useWatch({ name: 'message_template' });
  useLeaveGuard(typeof text === 'string' && text !== saved, L.messageTemplateUnsaved);
  return null;
};

/** /app/admin/document-message-template: the message sent with documents (ADMIN and TRANC). */
const MessageTemplatePage = () => {
  const notify = useNotify();
  const template = useLoad(() => teamAdminApi.getMessageTemplate());
  // The server answers the template sanitised (HTML): the box edits its text.
  const savedText = template.data === null ? null : templateText(template.data);
  const record = useMemo(() => (savedText === null ? undefined : { id: 'message-template', message_template: savedText }), [savedText]);

  const handleSubmit = (values: Record<string, unknown>) => {
    const text = String(values.message_template ?? '');
    return submitSave(notify, {
      save: () => teamAdminApi.updateMessageTemplate(text),
      onSaved: (answer) => template.setData(answer?.record?.message_template ?? text),
      savedMessage: ADMIN_MESSAGES.messageTemplateUpdated,
      fields: MESSAGE_TEMPLATE_FIELDS,
    });
  };

  return (
    <PageFrame title={L.messageTemplateTitle} testId="message-template-page" maxWidth={900}>
      {template.error ? (
        <LoadError message={template.error} testId="message-template-error" onRetry={template.reload} />
      ) : !record ? (
        <Loading />
      ) : (
        <Form record={record} onSubmit={handleSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
          <SectionCard testId="message-template-form">
            <LeaveGuard saved={savedText ?? ''} />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {L.messageTemplateIntro}
            </Typography>
            <Alert severity="info" sx={{ mb: 2 }} data-testid="message-template-merge-fields">
              <AlertTitle>{L.messageTemplateMergeFieldsTitle}</AlertTitle>
              {L.messageTemplateMergeFields}
            </Alert>
            <TextInput
              source="message_template"
              label={L.messageTemplateField}
              validate={messageTemplateRules}
              multiline
              minRows={8}
              maxRows={24}
              data-testid="message-template-input"
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
              <FormDataConsumer>{({ formData }) => <Usage value={formData.message_template} />}</FormDataConsumer>
              <SaveButton label={L.save} data-testid="message-template-save" />
            </Box>
          </SectionCard>
        </Form>
      )}
    </PageFrame>
  );
};

export default MessageTemplatePage;
