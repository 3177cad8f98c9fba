// Routes of the Contacts screens (spec 001 section 1), under the console's basename (/app).
export const contactsPath = (basename: string) => `${basename}/contacts`;
export const contactPath = (basename: string, id: number | string) => `${basename}/contacts/${encodeURIComponent(String(id))}`;
export const newContactPath = (basename: string) => `${basename}/contacts/new`;
