import {
  ESIGN_MESSAGES,
  ESIGN_NAME_MAX_LENGTH,
  ESIGN_PACKET_MAX_TEMPLATES,
  type EsignPacketBlueprint,
  type EsignPacketRequest,
  type EsignPacketTemplateRef,
} from '@app/contracts';
import { fromTransactionTypeValue, toTransactionTypeValue, type TransactionTypeValue } from './templateForm';

// Create Packet and Edit Packet (spec 002 sections 2.4 and 3: name, transaction type, templates in
// order). Pure: the dialog and the tests share it.

export const PACKET_FORM_FIELDS = ['name', 'type_id', 'templates'] as const;

export interface PacketFormValues {
  name: string;
  type_id: TransactionTypeValue;
  templates: EsignPacketTemplateRef[];
}

export function packetFormValues(packet: EsignPacketBlueprint | null): PacketFormValues {
  return packet
    ? {
        name: packet.name,
        type_id: toTransactionTypeValue(packet.type_id),
        templates: packet.templates.map((t) => ({ esig_template_id: t.esig_template_id, name: t.name })),
      }
    : { name: '', type_id: 'all', templates: [] };
}

/** The list with the template at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveTemplate<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The list with a template added last (a template already in it is not added twice). */
export function addTemplate(list: readonly EsignPacketTemplateRef[], template: EsignPacketTemplateRef): EsignPacketTemplateRef[] {
  return list.some((item) => item.esig_template_id === template.esig_template_id) ? [...list] : [...list, template];
}

export const removeTemplate = (list: readonly EsignPacketTemplateRef[], index: number): EsignPacketTemplateRef[] =>
  list.filter((_, i) => i !== index);

/** The form's own checks, in the server's words ({field: message}); empty when it may be sent. */
export function validatePacketForm(values: PacketFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  if (!name) errors.name = ESIGN_MESSAGES.required;
  else if (name.length > ESIGN_NAME_MAX_LENGTH) errors.name = ESIGN_MESSAGES.nameTooLong;
  if (values.templates.length === 0) errors.templates = ESIGN_MESSAGES.packetTemplatesRequired;
  else if (values.templates.length > ESIGN_PACKET_MAX_TEMPLATES) errors.templates = ESIGN_MESSAGES.packetTooManyTemplates;
  return errors;
}

/** POST /esign/packets and PATCH /esign/packets/{id}: the templates' ids in their order. */
export function packetPayload(values: PacketFormValues): EsignPacketRequest {
  return {
    name: values.name.trim(),
    type_id: fromTransactionTypeValue(values.type_id),
    templates: values.templates.map((template) => template.esig_template_id),
  };
}

/** The Templates column of a packet: its templates' names in order. */
export const packetTemplateNames = (packet: Pick<EsignPacketBlueprint, 'templates'>): string =>
  packet.templates.map((t) => t.name).join(', ');
