import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Form, FormDataConsumer, Loading, SaveButton, TextInput, useNotify } from 'react-admin';
import { teamAdminApi } from '../..';
import { AccountPage, SectionCard } from '../../../account/AccountPage';
import { LoadError } from '../../common/LoadState';
import { submitSave } from '../../common/submitErrors';
import { useLoad } from '../../common/useLoad';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../../messages';
import { MESSAGE_TEMPLATE_FIELDS, messageTemplateRules, templateUsage } from './messageTemplateRules';

const L = ADMIN_TEAM_LABELS;

const Usage = ({ value }: { value: unknown }) => {
  const { count, max, over } = templateUsage(value);
  return (
    <Typography variant="caption" color={over ? 'error' : 'text.secondary'} data-testid="message-template-count">
      {L.characters(count, max)}
    </Typography>
  );
};

/** /app/admin/document-message-template: the message sent with documents (ADMIN and TRANC). */
const MessageTemplatePage = () => {
  const notify = useNotify();
  const template = useLoad(() => teamAdminApi.getMessageTemplate());
  const record = useMemo(
    () => (template.data === null ? undefined : { id: 'message-template', message_template: template.data }),
    [template.data],
  );

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
    <AccountPage title={L.messageTemplateTitle} testId="message-template-page" maxWidth={900}>
      {template.error ? (
        <LoadError message={template.error} testId="message-template-error" onRetry={template.reload} />
      ) : !record ? (
        <Loading />
      ) : (
        <Form record={record} onSubmit={handleSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
          <SectionCard testId="message-template-form">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {L.messageTemplateIntro}
            </Typography>
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
    </AccountPage>
  );
};

export default MessageTemplatePage;
