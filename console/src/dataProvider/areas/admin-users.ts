import { defineArea } from './area';

/** The admin-users area's resources and calls. */
export const adminUsersArea = defineArea({
  resources: {},
  methods: () => ({}),
});
