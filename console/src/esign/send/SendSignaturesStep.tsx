import type { EsignEmailConfig, EsignFormState, EsignSignatureOrder, EsignSignerOptions } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, type Dispatch } from 'react';
import { ESIGN_BODY_MAX_LENGTH, ESIGN_SUBJECT_MAX_LENGTH } from '@app/contracts';
import { SEND_LABELS as L, SEND_MESSAGES as M } from './messages';
import { roleMessageOf, sendStepErrors, type SigningRole } from './sendRequest';
import { signerControlKey, subjectControlKey, type SendFormAction } from './sendFormReducer';
import { SignerControl } from './SignerControl';

// Step 3, Send for Signatures (spec 002 sections 2.2, 4 and 5): a signer per role, the signature order,
// the mail (default subject and body, or each role's with signer-specific messages), Preview, Send for
// Signatures and Back to Document.

export interface SendSignaturesStepProps {
  state: EsignFormState;
  dispatch: Dispatch<SendFormAction>;
  roles: readonly SigningRole[];
  /** The server's messages by control key (a refused send). */
  serverErrors: Record<string, string>;
  /** Messages of a refusal that belong to no control of this step. */
  generalErrors: readonly string[];
  onServerErrorCleared: (key: string) => void;
  loadOptions: (term: string) => Promise<EsignSignerOptions>;
  busy: 'preview' | 'send' | null;
  onBack: () => void;
  onPreview: () => void;
  onSend: () => void;
}

export const SendSignaturesStep = (props: SendSignaturesStepProps) => {
  const { state, dispatch, roles, serverErrors, generalErrors, onServerErrorCleared, loadOptions, busy } = props;
  const errors = useMemo(() => sendStepErrors(state, roles), [state, roles]);
  const touched = (key: string) => !!state.fieldMetadata[key]?.touched;
  /** A control's message: the server's, else the rule's once the control is touched. */
  const shown = (key: string): string | undefined => serverErrors[key] ?? (touched(key) ? errors[key] : undefined);
  const touch = (keys: string[]) => dispatch({ type: 'touch', keys });
  const config = state.emailConfig;
  const setConfig = (emailConfig: EsignEmailConfig, changedKey: string) => {
    dispatch({ type: 'setEmailConfig', emailConfig });
    onServerErrorCleared(changedKey);
  };
  const setRoleMessage = (roleName: string, part: 'subject' | 'body', value: string) => {
    const roles = { ...(config.roles ?? {}) };
    const existing = Object.keys(roles).find((name) => name.trim().toLowerCase() === roleName.trim().toLowerCase()) ?? roleName;
    roles[existing] = { subject: roles[existing]?.subject ?? '', body: roles[existing]?.body ?? '', [part]: value };
    return { ...config, roles };
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      {generalErrors.length > 0 && (
        <Alert severity="error" data-testid="esign-send-errors">
          {generalErrors.map((message, index) => (
            <div key={`${index}:${message}`}>{message}</div>
          ))}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="esign-signers-heading">
        <Typography id="esign-signers-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {L.signers}
        </Typography>
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="esign-signature-order-label">{L.signatureOrder}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="esign-signature-order-label"
            value={state.signatureOrder}
            onChange={(event) => dispatch({ type: 'setSignatureOrder', order: event.target.value as EsignSignatureOrder })}
            data-testid="esign-signature-order"
          >
            <FormControlLabel value="P" control={<Radio />} label={L.parallel} />
            <FormControlLabel value="S" control={<Radio />} label={L.sequential} />
          </RadioGroup>
        </FormControl>
        {roles.length === 0 && <Alert severity="warning">{M.noSigners}</Alert>}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {roles.map((role) => {
            const signer = state.signers[role.key];
            if (!signer) return null;
            const keys = (['selectedValue', 'name', 'email', 'order'] as const).map((control) => signerControlKey(role.key, control));
            return (
              <SignerControl
                key={role.key}
                roleKey={role.key}
                roleName={role.name}
                signer={signer}
                signatureOrder={state.signatureOrder}
                errors={Object.fromEntries(keys.map((key) => [key, shown(key)]))}
                onChange={(patch) => {
                  dispatch({ type: 'setSigner', key: role.key, patch });
                  for (const key of keys) onServerErrorCleared(key);
                }}
                onTouch={touch}
                loadOptions={loadOptions}
              />
            );
          })}
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="esign-email-heading">
        <Typography id="esign-email-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {L.emailConfig}
        </Typography>
        <TextField
          label={L.subject}
          required={!config.useRoleConfig}
          fullWidth
          margin="dense"
          value={config.default.subject}
          onChange={(event) =>
            setConfig({ ...config, default: { ...config.default, subject: event.target.value } }, subjectControlKey(null))
          }
          onBlur={() => touch([subjectControlKey(null)])}
          error={!!shown(subjectControlKey(null))}
          helperText={shown(subjectControlKey(null))}
          slotProps={{ htmlInput: { maxLength: ESIGN_SUBJECT_MAX_LENGTH, 'data-testid': 'esign-subject-default' } }}
        />
        <TextField
          label={L.body}
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          value={config.default.body}
          onChange={(event) =>
            setConfig({ ...config, default: { ...config.default, body: event.target.value } }, 'email_config.default.body')
          }
          error={!!serverErrors['email_config.default.body']}
          helperText={serverErrors['email_config.default.body']}
          slotProps={{ htmlInput: { maxLength: ESIGN_BODY_MAX_LENGTH, 'data-testid': 'esign-body-default' } }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          label={L.roleMessages}
          control={
            <Switch
              checked={!!config.useRoleConfig}
              onChange={(event) => dispatch({ type: 'setEmailConfig', emailConfig: { ...config, useRoleConfig: event.target.checked } })}
              slotProps={{ input: { 'data-testid': 'esign-role-messages-toggle' } as object }}
            />
          }
        />
        {config.useRoleConfig &&
          roles.map((role) => {
            const message = roleMessageOf(config, role.name);
            const key = subjectControlKey(role.key);
            const bodyKey = `email_config.roles.${role.key}.body`;
            return (
              <Box key={role.key} component="section" aria-label={L.messageFor(role.name)} sx={{ mt: 1.5 }}>
                <Typography component="h4" variant="subtitle2">
                  {L.messageFor(role.name)}
                </Typography>
                <TextField
                  label={L.subject}
                  required
                  fullWidth
                  margin="dense"
                  value={message?.subject ?? ''}
                  onChange={(event) => setConfig(setRoleMessage(role.name, 'subject', event.target.value), key)}
                  onBlur={() => touch([key])}
                  error={!!shown(key)}
                  helperText={shown(key)}
                  slotProps={{ htmlInput: { maxLength: ESIGN_SUBJECT_MAX_LENGTH, 'data-testid': `esign-subject-${role.key}` } }}
                />
                <TextField
                  label={L.body}
                  fullWidth
                  multiline
                  minRows={2}
                  margin="dense"
                  value={message?.body ?? ''}
                  onChange={(event) => setConfig(setRoleMessage(role.name, 'body', event.target.value), bodyKey)}
                  error={!!serverErrors[bodyKey]}
                  helperText={serverErrors[bodyKey]}
                  slotProps={{ htmlInput: { maxLength: ESIGN_BODY_MAX_LENGTH, 'data-testid': `esign-body-${role.key}` } }}
                />
              </Box>
            );
          })}
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={props.onBack}
          disabled={busy !== null}
          data-testid="esign-back-to-document"
          sx={{ mr: 'auto' }}
        >
          {L.backToDocument}
        </Button>
        <Button
          variant="outlined"
          startIcon={<VisibilityIcon />}
          onClick={props.onPreview}
          disabled={busy !== null}
          data-testid="esign-preview"
        >
          {L.preview}
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={props.onSend} disabled={busy !== null} data-testid="esign-send">
          {L.send}
        </Button>
      </Box>
    </Box>
  );
};
