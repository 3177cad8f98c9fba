import { defineArea } from './area';

/** Vendors (docs/vendor-enrollment-api.md). */
export const vendorsArea = defineArea({
  resources: {
    // Invite links: GET /enroll/vendor/links {records}; POST /enroll/vendor/link answers the link itself;
    // DELETE /enroll/vendor/link {invite_id}.
    'vendor-invites': {
      path: 'enroll/vendor/links',
      itemPath: 'enroll/vendor/link',
      idField: 'invite_id',
      idIn: 'body',
      deleteIdInBody: true,
      listParams: 'none',
    },
  },
  methods: () => ({}),
});
