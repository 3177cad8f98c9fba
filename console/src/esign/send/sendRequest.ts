import type { EsignEmailConfig, EsignFieldValueInput, EsignFormState, EsignSignerInput } from '@app/contracts';
import { isEmail } from '../../shared/form-fields/rules';
import type { EsignSendRequest } from './api';
import { normalisedValueOf, roleKeyOf } from './formModel';
import { SEND_MESSAGES as M } from './messages';
import { signerControlKey, subjectControlKey } from './sendFormReducer';

// Step 3 (spec 002 sections 4 and 5): its messages, the send body, and a refusal's errors put back under
// the controls they are about.

/** A role step 3 asks a signer for. */
export interface SigningRole {
  key: string;
  name: string;
}

export const OTHER = 'other';
export const isBlankText = (value: string | null | undefined) => !value || value.trim() === '';

/** A signer entry that goes out with the request: one set to Other, or one that holds a name and an email. */
export const isSignerKept = (signer: { selectedValue: string | null; name: string; email: string } | undefined): boolean =>
  !!signer && (signer.selectedValue === OTHER || (!isBlankText(signer.name) && !isBlankText(signer.email)));

const isOrder = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** Step 3's messages by control key (signerControlKey, subjectControlKey); empty when the form may be sent. */
export function sendStepErrors(state: EsignFormState, roles: readonly SigningRole[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const role of roles) {
    const signer = state.signers[role.key];
    const name = signer?.name ?? '';
    const email = signer?.email ?? '';
    if (signer?.selectedValue === OTHER) {
      if (isBlankText(name)) errors[signerControlKey(role.key, 'name')] = M.nameRequired;
      if (isBlankText(email)) errors[signerControlKey(role.key, 'email')] = M.emailRequired;
      else if (!isEmail(email)) errors[signerControlKey(role.key, 'email')] = M.invalidEmail;
    } else if (!signer || (!signer.selectedValue && (isBlankText(name) || isBlankText(email)))) {
      // Nobody chosen (a signer saved with a name and an email stands).
      errors[signerControlKey(role.key, 'selectedValue')] = isBlankText(name) ? M.signerNameRequired : M.emailRequired;
    } else if (isBlankText(name)) {
      errors[signerControlKey(role.key, 'selectedValue')] = M.signerNameRequired;
    } else if (isBlankText(email)) {
      errors[signerControlKey(role.key, 'selectedValue')] = M.emailRequired;
    } else if (!isEmail(email)) {
      errors[signerControlKey(role.key, 'selectedValue')] = M.invalidEmail;
    }
    if (state.signatureOrder === 'S' && !isOrder(signer?.order)) errors[signerControlKey(role.key, 'order')] = M.orderMin;
  }
  // The default subject is required unless signer-specific messages are used; then each role's is.
  const config = state.emailConfig;
  if (config.useRoleConfig) {
    for (const role of roles) {
      if (isBlankText(roleMessageOf(config, role.name)?.subject)) errors[subjectControlKey(role.key)] = M.required;
    }
  } else if (isBlankText(config.default.subject)) {
    errors[subjectControlKey(null)] = M.required;
  }
  return errors;
}

/** Every control key of step 3 (Send marks them all touched). */
export function sendStepControlKeys(roles: readonly SigningRole[]): string[] {
  return [
    ...roles.flatMap((role) =>
      (['selectedValue', 'name', 'email', 'order'] as const).map((control) => signerControlKey(role.key, control)),
    ),
    subjectControlKey(null),
    ...roles.map((role) => subjectControlKey(role.key)),
  ];
}

/** The signer controls' keys (Next marks them touched). */
export const signerControlKeys = (roles: readonly SigningRole[]): string[] =>
  roles.flatMap((role) => (['selectedValue', 'name', 'email', 'order'] as const).map((control) => signerControlKey(role.key, control)));

/** A role's own message, whichever way its name is written in the config. */
export function roleMessageOf(config: EsignEmailConfig, roleName: string) {
  const roles = config.roles ?? {};
  const key = Object.keys(roles).find((name) => roleKeyOf(name) === roleKeyOf(roleName));
  return key === undefined ? undefined : roles[key];
}

export interface BuiltSendRequest {
  body: EsignSendRequest;
  /** The role key of each entry of body.signers (a refusal names them by index). */
  signerKeys: string[];
  /** The fieldId of each entry of body.fields. */
  fieldIds: string[];
}

/**
 * The send (or preview) body: signers without a name or an email dropped (one set to Other, or a saved
 * one with both, is kept), an empty contact_id removed, the roles' messages only when they are used.
 */
export function buildSendRequest(
  draftId: string,
  state: EsignFormState,
  roles: readonly SigningRole[],
  preview: boolean,
): BuiltSendRequest {
  const signerKeys: string[] = [];
  const signers: EsignSignerInput[] = [];
  for (const role of roles) {
    const signer = state.signers[role.key];
    if (!signer || !isSignerKept(signer)) continue;
    const entry: EsignSignerInput = {
      role: signer.role || role.name,
      name: signer.name.trim(),
      email: signer.email.trim(),
      order: signer.order,
    };
    if (signer.contact_id !== null && signer.contact_id !== undefined && String(signer.contact_id) !== '')
      entry.contact_id = signer.contact_id;
    signers.push(entry);
    signerKeys.push(role.key);
  }
  const config = state.emailConfig;
  const email_config: EsignEmailConfig = {
    default: { subject: config.default.subject, body: config.default.body },
    useRoleConfig: !!config.useRoleConfig,
  };
  if (config.useRoleConfig) {
    email_config.roles = {};
    for (const role of roles) {
      const message = roleMessageOf(config, role.name);
      email_config.roles[role.name] = { subject: message?.subject ?? '', body: message?.body ?? '' };
    }
  }
  const fields: EsignFieldValueInput[] = state.fields.map((field) => {
    const formValue = state.formValues[field.fieldId];
    return {
      fieldId: field.fieldId,
      value: normalisedValueOf(field, formValue?.value ?? null),
      readonly: formValue?.readonly ?? false,
      update_transaction: field.can_update && (formValue?.update_transaction ?? false),
    };
  });
  return {
    body: { draft_id: draftId, signature_order: state.signatureOrder, email_config, signers, fields, preview },
    signerKeys,
    fieldIds: fields.map((field) => field.fieldId),
  };
}

export interface PlacedErrors {
  /** Messages by control key: step 3's keys, or a step 1 fieldId. */
  controls: Record<string, string>;
  /** Messages that belong to no control. */
  general: string[];
}

/** A 400's {field: message} (signers.0.name, fields.3.value, email_config.default.subject, ...) placed under the controls. */
export function placeServerErrors(errors: Record<string, string>, sent: BuiltSendRequest, roles: readonly SigningRole[]): PlacedErrors {
  const controls: Record<string, string> = {};
  const general: string[] = [];
  const place = (key: string, message: string) => {
    if (!(key in controls)) controls[key] = message;
  };
  const keyOfRole = (name: string) => roles.find((role) => roleKeyOf(role.name) === roleKeyOf(name))?.key ?? roleKeyOf(name);
  for (const [field, message] of Object.entries(errors)) {
    let match = /^signers\.(\d+)\.(\w+)$/.exec(field);
    if (match) {
      const key = sent.signerKeys[Number(match[1])];
      const control = match[2] === 'name' || match[2] === 'email' || match[2] === 'order' ? match[2] : 'selectedValue';
      if (key) place(signerControlKey(key, control), message);
      else general.push(message);
      continue;
    }
    match = /^signers\.(.+)$/.exec(field);
    if (match) {
      place(signerControlKey(keyOfRole(match[1]), 'selectedValue'), message);
      continue;
    }
    match = /^fields\.(\d+)(\.\w+)?$/.exec(field);
    if (match) {
      const fieldId = sent.fieldIds[Number(match[1])];
      if (fieldId) place(fieldId, message);
      else general.push(message);
      continue;
    }
    if (field === 'email_config.default.subject') {
      place(subjectControlKey(null), message);
      continue;
    }
    match = /^email_config\.roles\.(.+)\.subject$/.exec(field);
    if (match) {
      place(subjectControlKey(keyOfRole(match[1])), message);
      continue;
    }
    match = /^email_config\.(default|roles\.(.+))\.body$/.exec(field);
    if (match) {
      place(match[2] === undefined ? 'email_config.default.body' : `email_config.roles.${keyOfRole(match[2])}.body`, message);
      continue;
    }
    general.push(message);
  }
  return { controls, general };
}

/** A data: URL's bytes as a Blob (browsers refuse to open a data: URL at the top level). */
export function blobOfDataUrl(url: string): Blob {
  const match = /^data:([^;,]+)?((?:;[^;,]+)*?)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw new Error('Not a data URL');
  const type = match[1] || 'application/octet-stream';
  const data = match[4];
  if (match[3]) {
    const binary = atob(data);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return new Blob([bytes], { type });
  }
  return new Blob([decodeURIComponent(data)], { type });
}
