import { describe, expect, it } from 'vitest';
import {
  addTemplate,
  moveTemplate,
  packetFormValues,
  packetPayload,
  packetTemplateNames,
  removeTemplate,
  validatePacketForm,
} from './packetForm';

const A = { esig_template_id: 1, name: 'Listing Agreement' };
const B = { esig_template_id: 2, name: 'Seller Disclosure' };
const C = { esig_template_id: 3, name: 'Lead Paint' };

describe('packet rules', () => {
  it('keeps the templates in the order they are arranged', () => {
    expect(moveTemplate([A, B, C], 2, -1)).toEqual([A, C, B]);
    expect(moveTemplate([A, B, C], 0, 1)).toEqual([B, A, C]);
    expect(moveTemplate([A, B, C], 0, -1)).toEqual([A, B, C]);
    expect(moveTemplate([A, B, C], 2, 1)).toEqual([A, B, C]);
    expect(addTemplate([A], B)).toEqual([A, B]);
    expect(addTemplate([A, B], A)).toEqual([A, B]);
    expect(removeTemplate([A, B, C], 1)).toEqual([A, C]);
  });

  it('sends the name, the type and the template ids in order', () => {
    expect(packetPayload({ name: ' Seller packet ', type_id: 's', templates: [C, A] })).toEqual({
      name: 'Seller packet',
      type_id: 's',
      templates: [3, 1],
    });
    expect(packetPayload({ name: 'All', type_id: 'all', templates: [A] }).type_id).toBeNull();
  });

  it('requires a name and at least one template', () => {
    expect(validatePacketForm({ name: ' ', type_id: 'all', templates: [] })).toEqual({
      name: 'This field is required',
      templates: 'Choose at least one template',
    });
    expect(validatePacketForm({ name: 'P', type_id: 'b', templates: [A] })).toEqual({});
  });

  it('edits a packet from its record and lists its templates in order', () => {
    const packet = {
      esig_packet_blueprint_id: 4,
      name: 'Buyer packet',
      type_id: 'b' as const,
      status: 'N' as const,
      templates: [B, A],
      updated_ts: '',
    };
    expect(packetFormValues(packet)).toEqual({ name: 'Buyer packet', type_id: 'b', templates: [B, A] });
    expect(packetFormValues(null)).toEqual({ name: '', type_id: 'all', templates: [] });
    expect(packetTemplateNames(packet)).toBe('Seller Disclosure, Listing Agreement');
  });
});
