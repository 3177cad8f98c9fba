// The fake's fixed account: the API key it accepts unless told otherwise, the user its templates and
// submissions belong to, and DocuSeal's defaults the fake copies (folder, first role, link lifetime).

/** The X-Auth-Token the fake accepts by default (DOCUSEAL_API_KEY of a service talking to it). */
export const FAKE_DOCUSEAL_API_KEY = 'fake-docuseal-api-key-5b8e2c1d9f4a7e3b';

/** Port of `main.js` (and of the development stack's fake) unless FAKE_DOCUSEAL_PORT says otherwise. */
export const FAKE_DOCUSEAL_DEFAULT_PORT = 4011;

/** The account's user: author of every template, created_by_user of every submission. */
export const FAKE_DOCUSEAL_USER = { id: 1, first_name: 'Fake', last_name: 'DocuSeal', email: 'api@fake-docuseal.test' } as const;

/** DocuSeal puts templates without folder_name in "Default" (folder id 1 here). */
export const FAKE_DOCUSEAL_DEFAULT_FOLDER = 'Default';

/** DocuSeal's name for the only party of a template whose fields name no role. */
export const FAKE_DOCUSEAL_DEFAULT_ROLE = 'First Party';

/** DocuSeal's FILE_URLS_EXPIRE_MINUTES default (40): file URLs in answers stop working after it. */
export const FAKE_DOCUSEAL_LINK_LIFETIME_SECONDS = 40 * 60;

/** What the real server says, byte for byte (app/controllers/api/api_base_controller.rb, errors_controller.rb). */
export const DOCUSEAL_ERRORS = {
  notAuthenticated: { error: 'Not authenticated' },
  notAuthorized: { error: 'Not authorized' },
  tooManyRequests: { error: 'Too many requests' },
  notFound: { status: 404 },
  templateNotFound: { error: 'Template not found' },
  templateArchived: { error: 'Template has been archived' },
  templateWithoutFields: { error: 'Template does not contain fields' },
  tooManyParties: { error: 'Defined more signing parties than in template' },
} as const;
