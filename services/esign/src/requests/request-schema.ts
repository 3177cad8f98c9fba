import { Injectable, NotFoundException } from '@nestjs/common';
import {
  ESIGN_REQUEST_MESSAGES as M,
  type EsignField,
  type EsignRole,
  type EsignStoragePaths,
  type EsignTemplateSchema,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { PacketsRepository } from '../packets/packets.repository';
import { TemplatesRepository } from '../templates/templates.repository';

/** A template as a request takes it: its schema, its PDFs in order and where its signed document goes. */
export interface RequestTemplate {
  esig_template_id: number;
  name: string;
  schema: EsignTemplateSchema;
  documents: { id: string; name: string; pages: number; storage_key: string; page_sizes: { width: number; height: number }[] }[];
  storage_paths: EsignStoragePaths;
}

const roleKey = (name: string) => name.trim().toLowerCase();

/**
 * One schema for the request from its templates in order (a packet's): documents one after another, each
 * field's page moved past the earlier templates' pages, and roles merged by name, so a role two templates
 * share is one signer. A field uuid already taken by an earlier template (a template and its copy) is
 * renamed `<template id>:<uuid>`.
 */
export function mergeTemplateSchemas(templates: readonly RequestTemplate[]): EsignTemplateSchema {
  const roles: EsignRole[] = [];
  const roleByKey = new Map<string, EsignRole>();
  const fields: EsignField[] = [];
  const taken = new Set<string>();
  const documents: EsignTemplateSchema['documents'] = [];
  let pageOffset = 0;
  for (const template of templates) {
    const roleOf = new Map<string, string>();
    for (const role of template.schema.roles) {
      const key = roleKey(role.name);
      let merged = roleByKey.get(key);
      if (!merged) {
        merged = {
          uuid: roles.some((r) => r.uuid === role.uuid) ? `${template.esig_template_id}:${role.uuid}` : role.uuid,
          name: role.name.trim(),
        };
        roleByKey.set(key, merged);
        roles.push(merged);
      }
      roleOf.set(role.uuid, merged.uuid);
    }
    for (const field of template.schema.fields) {
      const uuid = taken.has(field.uuid) ? `${template.esig_template_id}:${field.uuid}` : field.uuid;
      taken.add(uuid);
      fields.push({
        ...field,
        uuid,
        role_uuid: roleOf.get(field.role_uuid) ?? field.role_uuid,
        areas: field.areas.map((area) => ({ ...area, page: area.page + pageOffset })),
      });
    }
    for (const document of template.documents) documents.push({ id: document.id, name: document.name, pages: document.pages });
    pageOffset += template.documents.reduce((sum, document) => sum + document.pages, 0);
  }
  return { documents, roles, fields };
}

/** Roles that own at least one field: each needs a signer. */
export function rolesWithFields(schema: EsignTemplateSchema): EsignRole[] {
  const owning = new Set(schema.fields.map((field) => field.role_uuid));
  return schema.roles.filter((role) => owning.has(role.uuid));
}

export const sameRole = (a: string, b: string) => roleKey(a) === roleKey(b);

const templateNotFound = () => new NotFoundException({ status: 'error', message: 'Template not found' });

/** A PDF a request is made from, in the request's document order, with the template it belongs to. */
export interface RequestDocumentSource {
  id: string;
  name: string;
  pages: number;
  storage_key: string;
  page_sizes: { width: number; height: number }[];
  esig_template_id: number;
}

/** What a request is made from: its templates in order (a packet's), their PDFs in order, the one schema and the title. */
export interface RequestSource {
  templates: { esig_template_id: number; name: string; storage_paths: EsignStoragePaths }[];
  packetId: number | null;
  documents: RequestDocumentSource[];
  schema: EsignTemplateSchema;
  title: string;
}

/** The PDFs of templates in request order. */
export function documentsOf(templates: readonly RequestTemplate[]): RequestDocumentSource[] {
  return templates.flatMap((template) =>
    template.documents.map((document) => ({
      id: document.id,
      name: document.name,
      pages: document.pages,
      storage_key: document.storage_key,
      page_sizes: document.page_sizes,
      esig_template_id: template.esig_template_id,
    })),
  );
}

/** A request's title: its templates' names. */
export const requestTitleOf = (templates: readonly { name: string }[]) =>
  templates
    .map((template) => template.name)
    .join(', ')
    .slice(0, 1000);

/** What a request or a send draft names its templates by: checked by EsignTemplateSourceDto (each an id; the ids once each). */
export interface TemplateSourceIds {
  template_ids?: readonly number[];
  packet_id?: number | null;
}

/**
 * The templates a request (or a send draft) is made from: `template_ids` in order, or a packet's (`packet_id`); each an
 * active template of the caller's team (404 'Template not found' / 'Packet not found'; 400 'Choose a template or a
 * packet' for a packet without templates).
 */
@Injectable()
export class RequestTemplatesReader {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly packets: PacketsRepository,
  ) {}

  async templatesOf(teamId: number, body: TemplateSourceIds): Promise<{ templates: RequestTemplate[]; packetId: number | null }> {
    let ids: readonly number[];
    let packetId: number | null = null;
    if (body.packet_id !== undefined && body.packet_id !== null) {
      const packet = await this.packets.one(teamId, body.packet_id);
      if (!packet) throw new NotFoundException({ status: 'error', message: 'Packet not found' });
      ids = packet.templates.map((template) => template.esig_template_id);
      packetId = packet.esig_packet_blueprint_id;
    } else {
      ids = body.template_ids ?? [];
    }
    const templates: RequestTemplate[] = [];
    for (const id of ids) {
      const template = await this.templates.one(teamId, id);
      if (!template) throw templateNotFound();
      const [schema, documents] = await Promise.all([this.templates.schema(id), this.templates.documents(id)]);
      templates.push({ esig_template_id: id, name: template.name, schema, documents, storage_paths: template.storage_paths });
    }
    if (templates.length === 0) throw new FieldErrorsException([{ field: 'template_ids', error: M.chooseTemplates }]);
    return { templates, packetId };
  }

  /** The request's source from the templates as they are now: the merged schema and their PDFs. */
  async sourceOf(teamId: number, body: TemplateSourceIds): Promise<RequestSource> {
    const { templates, packetId } = await this.templatesOf(teamId, body);
    return {
      templates,
      packetId,
      documents: documentsOf(templates),
      schema: mergeTemplateSchemas(templates),
      title: requestTitleOf(templates),
    };
  }

  /** Templates that are still active templates of the team, in order (a deleted one: 404 'Template not found'). */
  async activeTemplates(teamId: number, ids: readonly number[]): Promise<RequestSource['templates']> {
    const templates: RequestSource['templates'] = [];
    for (const id of ids) {
      const template = await this.templates.one(teamId, id);
      if (!template) throw templateNotFound();
      templates.push({ esig_template_id: id, name: template.name, storage_paths: template.storage_paths });
    }
    return templates;
  }
}
