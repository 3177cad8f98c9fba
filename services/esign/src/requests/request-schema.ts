import type { EsignField, EsignRole, EsignStoragePaths, EsignTemplateSchema } from '@app/contracts';

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
        merged = { uuid: roles.some((r) => r.uuid === role.uuid) ? `${template.esig_template_id}:${role.uuid}` : role.uuid, name: role.name.trim() };
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
