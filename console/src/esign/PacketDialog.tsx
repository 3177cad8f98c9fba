import type { EsignPacketBlueprint, TransactionTypeOption } from '@app/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMemo, useState } from 'react';
import { Form, RadioButtonGroupInput, TextInput, useNotify } from 'react-admin';
import { fieldErrorsOf } from '../shared/forms/fieldErrors';
import { submitErrors } from '../shared/forms/submitErrors';
import { COMMON_MESSAGES } from '../admin-team/messages';
import { requiredRule } from '../shared/form-fields';
import { esignApi } from '.';
import { ESIGN_MESSAGES, ESIGN_TEMPLATE_LABELS as L } from './messages';
import { PACKET_FORM_FIELDS, packetFormValues, packetPayload, validatePacketForm, type PacketFormValues } from './packetForm';
import { PacketTemplatesInput } from './PacketTemplatesInput';
import { transactionTypeChoices } from './templateForm';

const required = requiredRule(ESIGN_MESSAGES.required);
const templatesRule = (value: unknown) =>
  validatePacketForm({ name: 'x', type_id: 'all', templates: (value ?? []) as PacketFormValues['templates'] }).templates;

/**
 * The server's field errors that belong on the form: a packet's templates ('templates', 'templates[1]',
 * 'templates.1') go under the list; others (none expected) stay for a toast.
 */
export function packetFieldErrors(error: unknown): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const target = /^templates\b/.test(field) ? 'templates' : field;
    if ((PACKET_FORM_FIELDS as readonly string[]).includes(target) && !(target in placed)) placed[target] = message;
  }
  return placed;
}

/**
 * Create Packet and Edit Packet (spec 002 sections 2.4 and 3): name, transaction type and the templates
 * in order. POST /esign/packets or PATCH /esign/packets/{id}; the server's field errors under their inputs.
 */
export const PacketDialog = ({
  packet,
  transactionTypes,
  onClose,
  onSaved,
}: {
  /** The packet to edit; null creates one. */
  packet: EsignPacketBlueprint | null;
  transactionTypes: readonly TransactionTypeOption[];
  onClose: () => void;
  onSaved: (packet: EsignPacketBlueprint | null) => void;
}) => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const record = useMemo(() => ({ id: packet?.esig_packet_blueprint_id ?? 'new', ...packetFormValues(packet) }), [packet]);

  const handleSubmit = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    const payload = packetPayload(values as unknown as PacketFormValues);
    setBusy(true);
    try {
      const saved = packet ? await esignApi.updatePacket(packet.esig_packet_blueprint_id, payload) : await esignApi.createPacket(payload);
      notify(packet ? L.packetSaved : L.packetCreated, { type: 'success' });
      onSaved(saved ?? null);
      return undefined;
    } catch (error) {
      setBusy(false);
      const placed = packetFieldErrors(error);
      if (Object.keys(placed).length > 0) {
        notify(COMMON_MESSAGES.formError, { type: 'error' });
        return placed;
      }
      // No field of this form: the server's message (a 403, a 404, a field error of nothing shown) as a toast.
      submitErrors(error, notify, []);
      return undefined;
    }
  };

  const title = packet ? L.editPacketTitle : L.createPacketTitle;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      data-testid="esign-packet-dialog"
      aria-labelledby="esign-packet-dialog-title"
    >
      <Form record={record} onSubmit={handleSubmit} mode="onBlur" reValidateMode="onChange" disableInvalidFormNotification>
        <DialogTitle id="esign-packet-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextInput source="name" label={L.packetName} validate={required} disabled={busy} fullWidth data-testid="esign-packet-name" />
          <RadioButtonGroupInput
            source="type_id"
            label={L.transactionType}
            choices={transactionTypeChoices(transactionTypes)}
            translateChoice={false}
            disabled={busy}
            data-testid="esign-packet-type"
          />
          <PacketTemplatesInput source="templates" validate={templatesRule} disabled={busy} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} data-testid="esign-packet-cancel">
            {L.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="esign-packet-save">
            {packet ? L.save : L.create}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
