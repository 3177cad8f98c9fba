import { defineArea } from './area';

/** The signed-in user's own account (spec 000 section 7). */
export const accountArea = defineArea({
  resources: {
    // GET / PATCH /user/profile.
    profile: { path: 'user/profile', idField: 'agent_id', singleton: true },
  },
  methods: () => ({}),
});
